import { z } from 'zod';
import { hasOnlyUrlCharacters, isHttpUrl, withDefaultScheme } from './url-scheme';

/**
 * The one rule of every link field (a message's image link, a channel's and a Wi-Fi page's related
 * links): trimmed; only URL characters; `example.jp` read as `https://example.jp` (url-scheme.ts);
 * at most `max` characters as stored; an http(s) address. Empty passes unless `required` names
 * the message; the forms use the same schema, so they say what the server says.
 */
export function linkUrlField(options: { max: number; tooLong: string; required?: string }) {
  const typed = z.string({ error: options.required ?? 'validation.invalid' }).trim();
  const filled = options.required ? typed.min(1, { error: options.required, abort: true }) : typed;
  return filled
    .refine(hasOnlyUrlCharacters, { error: 'validation.url_chars', abort: true })
    .overwrite(withDefaultScheme)
    .refine((v) => v.length <= options.max, { error: options.tooLong, abort: true })
    .refine((v) => v === '' || isHttpUrl(v), { error: 'validation.url_invalid' });
}
