import { isApiError } from './api-client';
import type { TFunction } from './translator';

/**
 * A failure is shown as `[code]message`. Known codes are translated on this side (the client
 * translates codes, not sentences); unknown ones keep the server's text; a failure without any
 * response is just `[500]`.
 */
export function errorText(error: unknown, t: TFunction): string {
  if (!isApiError(error)) return '[500]';
  const key = error.messageKey;
  const message = key ? t(`messages:${key}`) : error.message;
  return `[${error.code}]${message}`;
}
