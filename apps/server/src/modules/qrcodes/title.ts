/**
 * The list searches titles in this folded form (NFKC, then lower case), kept in its own column:
 * the same result on SQLite and PostgreSQL, and "ＱＲ" finds "qr" as a Japanese user expects.
 */
export function foldTitle(title: string): string {
  return title.normalize('NFKC').toLowerCase();
}
