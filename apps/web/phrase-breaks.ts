import { loadDefaultJapaneseParser } from 'budoux';
import type { Plugin } from 'vite';

/**
 * Phrase-aware Japanese line breaks in every engine: Chromium breaks Japanese between
 * phrases with `word-break: auto-phrase`, which Firefox and WebKit do not have; they break between
 * any two characters (「読み/取り」). At build time, BudouX (a phrase segmenter) cuts each
 * Japanese text of locales/ja into phrases and a zero-width space marks each cut; the CSS gives
 * those engines `word-break: keep-all`, so they break only there (or at punctuation and spaces).
 * Chromium, which has auto-phrase, drops the marks when the texts load
 * (src/lib/phrase-breaks.ts), so its texts stay exactly as written.
 */

export const PHRASE_BREAK = '\u200b';

/** Texts shorter than this fit on one line anywhere (a label, a button): left as they are. */
const MIN_LENGTH = 8;
const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff]/;
// What must never be cut: a text's {{name}} and $t(key), the reader's {name}, a <0>tag</0>.
const PROTECTED = /(\{\{[^}]*\}\}|\{[^}]*\}|\$t\([^)]*\)|<[^>]*>)/;

// Words BudouX cuts inside (「リダイレクト方/式」): a mark within one is taken out again.
const WHOLE_WORDS = ['方式'];
const cutWord = new RegExp(
  WHOLE_WORDS.map((word) => Array.from(word).join(PHRASE_BREAK + '?')).join('|'),
  'g',
);

let parser: ReturnType<typeof loadDefaultJapaneseParser> | undefined;

/** One text with a zero-width space between its phrases (placeholders kept whole). */
export function markPhrases(text: string): string {
  if (Array.from(text).length < MIN_LENGTH || !JAPANESE.test(text) || text.includes(PHRASE_BREAK))
    return text;
  parser ??= loadDefaultJapaneseParser();
  const p = parser;
  return text
    .split(PROTECTED)
    .map((part, i) => (i % 2 === 1 || !JAPANESE.test(part) ? part : p.parse(part).join(PHRASE_BREAK)))
    .join('')
    .replace(cutWord, (word) => word.replaceAll(PHRASE_BREAK, ''));
}

function markAll(value: unknown): unknown {
  if (typeof value === 'string') return markPhrases(value);
  if (Array.isArray(value)) return value.map(markAll);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, markAll(inner)]));
  return value;
}

/** The Vite plugin: marks the phrases of every locales/ja/*.json in production builds. */
export function phraseBreaks(): Plugin {
  return {
    name: 'qrqr-phrase-breaks',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]locales[\\/]ja[\\/][\w-]+\.json$/.test(id.split('?')[0] ?? '')) return null;
      return { code: JSON.stringify(markAll(JSON.parse(code))), map: null };
    },
  };
}
