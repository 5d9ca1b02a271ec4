import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import type { TFunction } from '../../../lib/translator';

// Codes whose server text is more precise than the code's generic one: the picture's type or size,
// the storage limit. The server answers in the reader's language (the lang cookie).
const SPECIFIC = new Set(['E-409', 'E-413', 'E-415']);

/** `[code]message` of a failed coupon call. */
export function couponErrorText(error: unknown, t: TFunction): string {
  if (isApiError(error) && SPECIFIC.has(error.code) && error.message)
    return `[${error.code}]${error.message}`;
  return errorText(error, t);
}
