import { ERRORS, type ErrorCode, type FieldError, SUCCESS_CODE } from '@qrqr/shared/error-codes';
import type { Locale } from '@qrqr/shared/limits';
import { translate } from '@qrqr/shared/messages';

/** The one error class: a code from the shared table, optional field errors, optional message key. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: {
      messageKey?: string;
      fields?: Array<Omit<FieldError, 'message'>>;
      /** Sent as Retry-After (429 and 503 answers). */
      retryAfterSeconds?: number;
    } = {},
  ) {
    super(code);
    this.statusCode = ERRORS[code].http;
  }

  /** A validation failure on one field, raised by service code after the schema has passed. */
  static field(field: string, rule: string): AppError {
    return new AppError('E-400', { fields: [{ field, rule }] });
  }
}

export function errorBody(code: ErrorCode, locale: Locale, error?: AppError) {
  const key = error?.options.messageKey ?? ERRORS[code].key;
  const fields = error?.options.fields?.map((f) => ({
    ...f,
    message: withValues(translate(f.rule, locale), f.values),
  }));
  return {
    status: { code, message: translate(key, locale) },
    ...(fields?.length ? { errors: fields } : {}),
  };
}

/** A message's `{0}`, `{1}` … are the field error's values (a refusal that gives its numbers). */
function withValues(message: string, values: readonly string[] | undefined): string {
  return values ? message.replace(/\{(\d)\}/g, (all, i: string) => values[Number(i)] ?? all) : message;
}

/** Success envelope: `{status: {code: 'S-200', message: 'OK'}, ...data}`. */
export function ok<T extends object>(data?: T): { status: { code: string; message: string } } & T {
  return { status: { code: SUCCESS_CODE, message: 'OK' }, ...(data ?? ({} as T)) };
}
