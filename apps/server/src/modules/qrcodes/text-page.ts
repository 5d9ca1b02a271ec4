import type { Locale } from '@qrqr/shared';

/** What a text code with the redirect method shows: the text, escaped, on a small page of its own. */

const WORDS = {
  ja: { title: 'QRコードのテキスト', note: 'このQRコードに登録されたテキストです。', made: 'QRQRで作成' },
  en: {
    title: 'Text of the QR code',
    note: 'This is the text saved in this QR code.',
    made: 'Made with QRQR',
  },
} as const;

export function renderTextPage(text: string, locale: Locale): string {
  const w = WORDS[locale];
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${w.title} | QRQR</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Hiragino Sans","Noto Sans JP",sans-serif;background:#f8f9fa;color:#1a1b1e}
main{max-width:640px;margin:0 auto;padding:24px 16px}
h1{font-size:1.1rem;margin:0 0 4px}p.note{color:#495057;font-size:.875rem;margin:0 0 16px}
.text{background:#fff;border:1px solid #dee2e6;border-radius:8px;padding:16px;font-size:1rem;line-height:1.7;
white-space:pre-wrap;overflow-wrap:anywhere}
footer{margin-top:24px;font-size:.8rem;color:#495057}a{color:#1864ab}
</style></head>
<body><main><h1>${w.title}</h1><p class="note">${w.note}</p>
<div class="text">${escapeHtml(text)}</div>
<footer><a href="/">${w.made}</a></footer></main></body></html>`;
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
