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
