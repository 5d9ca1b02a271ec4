/** How titles compare in the search: NFKC (full and half width alike) and case-insensitive. */
export function foldTitle(text: string): string {
  return text.normalize('NFKC').toLowerCase().trim();
}
