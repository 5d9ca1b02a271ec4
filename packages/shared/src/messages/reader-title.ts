/**
 * The reader's name in each language, and the title of its pages: the page's own name (a channel's)
 * before it where there is one. The server writes it into the HTML (link previews, the tab before
 * the script runs); the reader keeps it as the visitor moves and switches language. Its own small
 * file, zod-free: the reader imports it without the rest of the messages.
 */
export const READER_NAME = { ja: 'QRQRリーダー', en: 'QRQR Reader' } as const;

export function readerPageTitle(lang: 'ja' | 'en', name?: string | null): string {
  const trimmed = name?.trim();
  return trimmed ? `${trimmed} | ${READER_NAME[lang]}` : READER_NAME[lang];
}
