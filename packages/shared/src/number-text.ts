// Full-width forms a Japanese keyboard types for a number: digits ０–９, the period and the minus
// (full-width hyphen-minus, and the minus sign U+2212 some IMEs give).
const WIDE_NUMBER_CHARS = /[０-９．－−]/g;

/**
 * Number text as it is meant: full-width digits, period and minus read as their half-width
 * forms, the only change made. The one rule for every place a number is typed: the server's
 * form reading (form-number.ts), the web app's number fields, JAN and numeric codes.
 */
export function halfWidthNumber(text: string): string {
  return text.replace(WIDE_NUMBER_CHARS, (c) => {
    if (c === '．') return '.';
    if (c === '－' || c === '−') return '-';
    return String.fromCharCode(c.charCodeAt(0) - 0xfee0);
  });
}
