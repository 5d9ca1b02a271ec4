import type { Locale } from '@qrqr/shared/limits';

/**
 * The small pages a scan of /r/{code} can land on (a text code's text, a code no longer in use):
 * plain HTML with inline style, no script, so a customer's phone shows them at once.
 */

const WORDS = {
  ja: {
    title: 'QRコードのテキスト',
    note: 'このQRコードに登録されたテキストです。',
    made: 'QRQRで作成',
    goneTitle: 'このQRコードは現在使われていません',
    goneNote: '削除されたか、アドレスが正しくありません。掲示しているお店や発行元にお問い合わせください。',
  },
  en: {
    title: 'Text of the QR code',
    note: 'This is the text saved in this QR code.',
    made: 'Made with QRQR',
    goneTitle: 'This QR code is no longer in use',
    goneNote: 'It was deleted, or the address is not right. Please ask the shop or whoever put up the code.',
  },
} as const;

function smallPage(locale: Locale, title: string, body: string): string {
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | QRQR</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP",sans-serif;background:#f8f9fa;color:#1a1b1e}
main{max-width:640px;margin:0 auto;padding:24px 16px}:lang(ja){word-break:auto-phrase}
h1{font-size:1.1rem;margin:0 0 4px;text-wrap:balance}p.note{color:#495057;font-size:.875rem;margin:0 0 16px;text-wrap:pretty}
.text{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:16px;font-size:1rem;line-height:1.7;
white-space:pre-wrap;overflow-wrap:anywhere;word-break:normal}
footer{margin-top:24px;font-size:.8rem;color:#495057}a{color:#1864ab}
</style></head>
<body><main>${body}
<footer><a href="/">${WORDS[locale].made}</a></footer></main></body></html>`;
}

/** What a text code with the redirect method shows: the text, escaped. */
export function renderTextPage(text: string, locale: Locale): string {
  const w = WORDS[locale];
  return smallPage(
    locale,
    w.title,
    `<h1>${w.title}</h1><p class="note">${w.note}</p>\n<div class="text">${escapeHtml(text)}</div>`,
  );
}

/** A deleted or unknown code, for the customer who scanned it (answered with 404). */
export function renderGonePage(locale: Locale): string {
  const w = WORDS[locale];
  return smallPage(locale, w.goneTitle, `<h1>${w.goneTitle}</h1><p class="note">${w.goneNote}</p>`);
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
