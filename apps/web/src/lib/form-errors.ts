import { isApiError } from './api-client';
import { errorText, ruleText } from './error-text';
import type { FieldValues, Path, UseFormSetError } from './form';
import { i18n } from './i18n';
import type { TFunction } from './translator';

/** Validation messages are message keys (`validation.x`); anything else is shown as it is. */
export function fieldErrorText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  return i18n.exists(`messages:${message}`) ? t(`messages:${message}`) : message;
}

/** Where a form's server errors may go: these fields, or the alert above the form. */
export interface ErrorTargets<T extends FieldValues> {
  /** Fields the form shows; server errors on other fields go to the alert above the form. */
  fields: readonly Path<T>[];
  /** Result codes that belong to one field, e.g. E-105 (wrong password) on `current_password`. */
  codeFields?: Partial<Record<string, Path<T>>>;
}

interface Options<T extends FieldValues> extends ErrorTargets<T> {
  setError: UseFormSetError<T>;
  t: TFunction;
}

/**
 * Puts a failed submission onto the form: E-400 field errors and field-bound codes under their
 * inputs, the rest as `[code]message` for the alert. Returns the alert text, or null if none.
 */
export function applyApiError<T extends FieldValues>(error: unknown, options: Options<T>): string | null {
  const { setError, fields, codeFields = {}, t } = options;
  if (!isApiError(error)) return errorText(error, t);
  const bound = codeFields[error.code];
  if (bound) {
    setError(bound, { type: 'server', message: error.messageKey ?? error.message }, { shouldFocus: true });
    return null;
  }
  let placed = 0;
  for (const item of error.fieldErrors) {
    if (!(fields as readonly string[]).includes(item.field)) continue;
    // Prefer the rule so the text follows the reader's language (with its values, if any, in
    // place); the server's text otherwise.
    const known = i18n.exists(`messages:${item.rule}`);
    const message = !known
      ? item.message
      : item.values?.length
        ? ruleText(t, item.rule, item.values)
        : item.rule;
    setError(item.field as Path<T>, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed += 1;
  }
  if (placed > 0 && placed === error.fieldErrors.length) return null;
  return errorText(error, t);
}
