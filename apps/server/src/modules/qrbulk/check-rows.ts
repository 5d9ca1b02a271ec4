import type { FieldError } from '@qrqr/shared/error-codes';
import type { Locale } from '@qrqr/shared/limits';
import { translate } from '@qrqr/shared/messages';
import type { BulkRow } from '@qrqr/shared/qr-bulk-schemas';
import type { AnalysisType } from '@qrqr/shared/qr-constants';
import { type CreateQrBody, createQrBody } from '@qrqr/shared/qrcode-schemas';
import { illFormedPath } from '@qrqr/shared/well-formed-text';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { ILL_FORMED_RULE } from '../../platform/http/validation';
import { checkNewCode } from '../qrcodes/lookup';
import type { CsvRow } from './csv-rows';
import { rowRequest } from './row-body';

/** A checked row: what the preview shows, and the body to create when it has no errors. */
export interface CheckedRow {
  row: BulkRow;
  body?: CreateQrBody;
}

/** The create form's field names as the CSV's columns name them. */
const COLUMN_OF: Record<string, string> = { url: 'content', text: 'content', encryption: 'security' };

/**
 * Checks every row by the create call's own rules: createQrBody (the form's schema and messages),
 * then what creation checks after it (checkNewCode). One error per column, the first, as the form
 * shows one message under a field.
 */
export function checkRows(
  ctx: Pick<AppContext, 'config'>,
  input: { rows: CsvRow[]; analysis: AnalysisType; locale: Locale },
): CheckedRow[] {
  return input.rows.map(({ line, fields }) => {
    const request = rowRequest(fields, input.analysis);
    const found: Array<{ field: string; rule: string }> = [...request.errors];
    let body: CreateQrBody | undefined;
    const ill = illFormedPath(request.body);
    if (ill) found.push({ field: String(ill[0]), rule: ILL_FORMED_RULE });
    else if (request.tab !== null) {
      const parsed = createQrBody.safeParse(request.body);
      if (parsed.success) body = parsed.data;
      else
        for (const issue of parsed.error.issues)
          found.push({
            field: String(issue.path[0] ?? 'content'),
            rule: issue.message.includes('.') ? issue.message : 'validation.invalid',
          });
    }
    if (body && found.length === 0) found.push(...afterSchema(ctx, body));
    const errors = presentErrors(found, input.locale);
    return {
      row: {
        line,
        tab: request.tab,
        title: fields.title ?? '',
        content: (request.tab === 2 ? (fields.ssid ?? '') || fields.content : fields.content) ?? '',
        analysis_type: typeof request.body.analysis_type === 'number' ? request.body.analysis_type : null,
        errors,
      },
      body: errors.length === 0 ? body : undefined,
    };
  });
}

function afterSchema(ctx: Pick<AppContext, 'config'>, body: CreateQrBody) {
  try {
    checkNewCode(ctx, body);
    return [];
  } catch (error) {
    if (error instanceof AppError && error.options.fields) return error.options.fields;
    throw error;
  }
}

function presentErrors(found: Array<{ field: string; rule: string }>, locale: Locale): FieldError[] {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const { field, rule } of found) {
    const column = COLUMN_OF[field] ?? field;
    if (seen.has(column)) continue;
    seen.add(column);
    errors.push({ field: column, rule, message: translate(rule, locale) });
  }
  return errors;
}
