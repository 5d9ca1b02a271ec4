/**
 * What a member typed, set into the text of a mail to someone else (an inviter's name, a code's
 * title). It stays one line, so it cannot add paragraphs of its own ("Urgent: sign in at …"), and
 * nothing in it looks like a link or an address, so no mail client turns it into one: `://`
 * becomes `[:]//` and a dot between letters or digits `[.]` (`evil.example` → `evil[.]example`),
 * the usual way of quoting an address without making it clickable. Rows stored before names were
 * checked to be one line go through here too.
 */
const LINE_BREAKS_AND_CONTROLS = /[\p{Cc}\u2028\u2029]+/gu;
const SCHEME = /:\/\//g;
const DOT_BETWEEN = /(?<=[\p{L}\p{N}])[.．](?=[\p{L}\p{N}])/gu;

export function inlineMailText(text: string): string {
  return text
    .replace(LINE_BREAKS_AND_CONTROLS, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim()
    .replace(SCHEME, '[:]//')
    .replace(DOT_BETWEEN, '[.]');
}
