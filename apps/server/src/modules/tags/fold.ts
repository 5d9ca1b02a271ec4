/**
 * How tag names compare for search and for "same name": NFKC (full- and half-width forms alike,
 * ｶﾌｪ = カフェ, ＡＢＣ = ABC) and case-insensitive, as an operator reading the list would judge.
 */
export function foldTagName(name: string): string {
  return name.normalize('NFKC').toLowerCase().trim();
}
