import { z } from 'zod';

/**
 * The one rule for names and other counted text (channel, tag, send-list, coupon item, user and
 * company names, QR titles, Wi-Fi profile names, channel texts): Unicode NFC, then trimmed. NFC
 * joins a base and its combining mark (か + ゛ U+3099 → が) so a name is counted, stored and
 * compared as people see it, and it keeps what the owner chose to type: full-width ＡＢＣ stay
 * full-width (NFKC would turn them half-width). See docs/decisions.md.
 */
export function normalizeName(value: string): string {
  return value.normalize('NFC').trim();
}

/** Characters as people count them: code points of the normalised text (a kanji or が is one). */
export function nameLength(value: string): number {
  return Array.from(normalizeName(value)).length;
}

interface NameFieldOptions {
  max: number;
  /** Message when the value is missing or empty; an optional field leaves this out (0 characters allowed). */
  required?: string;
  tooLong: string;
  /** Message when the value is not text at all; `required` or else `tooLong` by default. */
  invalid?: string;
}

/** A name field of a body: normalised first, so the server stores and counts what the form counted. */
export function nameField({ max, required, tooLong, invalid }: NameFieldOptions) {
  const base = z.string({ error: invalid ?? required ?? tooLong }).overwrite(normalizeName);
  // Not aborting: a form's other rules (cross-field checks) still run and are named together.
  const filled = required ? base.min(1, { error: required }) : base;
  return filled.refine((v) => Array.from(v).length <= max, { error: tooLong });
}
