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

/**
 * A field error's rule in the reader's language, its values in place of `{0}`, `{1}`…: the client
 * translates rules, not the server's sentences. A value keeps the word before it (a no-break space:
 * Firefox broke 「（現在 / 50人）」 at the space).
 */
export function ruleText(t: TFunction, rule: string, values: readonly string[] = []): string {
  return t(`messages:${rule}`).replace(
    / ?\{(\d+)\}/g,
    (whole, index: string) => `${whole.startsWith(' ') ? '\u00a0' : ''}${values[Number(index)] ?? ''}`,
  );
}
