import { loadDefaultJapaneseParser } from 'budoux';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * Phrase-aware Japanese line breaks in every engine: Chromium breaks Japanese between
 * phrases with `word-break: auto-phrase`, which Firefox and WebKit do not have; they break between
 * any two characters (「読み/取り」). At build time, BudouX (a phrase segmenter) cuts each
 * Japanese text of locales/ja, and of the server's messages the app shows (validation and result
 * codes, @qrqr/shared/messages/ja*.ts), into phrases and a zero-width space marks each cut; the CSS gives
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

// Words BudouX cuts inside (「リダイレクト方/式」「絞り込み方/法」「下/書き」): a mark within one is
// taken out again; so is one beside the 〜 of a range (「2〜/4つ」).
const WHOLE_WORDS = ['方式', '方法', '下書き', '日時', '問い合わせ', '切り替'];
const cutWord = new RegExp(
  [
    ...WHOLE_WORDS.map((word) => Array.from(word).join(`${PHRASE_BREAK}?`)),
    `${PHRASE_BREAK}?〜${PHRASE_BREAK}?`,
  ].join('|'),
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

/**
 * A shared messages module (TypeScript) with its Japanese string literals marked. Only the literals
 * change: keys, comments and the module's shape stay, so its types and exports are the same.
 */
export function markModuleTexts(code: string, fileName: string): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const marked = markPhrases(node.text);
      if (marked !== node.text)
        edits.push({ start: node.getStart(source), end: node.getEnd(), text: JSON.stringify(marked) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let out = code;
  for (const { start, end, text } of edits.reverse()) out = out.slice(0, start) + text + out.slice(end);
  return out;
}

const LOCALE_FILE = /[\\/]locales[\\/]ja[\\/][\w-]+\.json$/;
// The server's Japanese messages the app loads with its texts (lib/i18n.ts): ja.ts, ja-services.ts
// and the like. The server's own bundle is built without this plugin, so its answers, CSV headers
// and e-mails carry no marks.
const SHARED_MESSAGES = /[\\/]shared[\\/]src[\\/]messages[\\/]ja(-[\w-]+)?\.ts$/;

/** The Vite plugin: marks the phrases of our Japanese texts in production builds. */
export function phraseBreaks(): Plugin {
  return {
    name: 'qrqr-phrase-breaks',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const file = id.split('?')[0] ?? '';
      if (LOCALE_FILE.test(file)) return { code: JSON.stringify(markAll(JSON.parse(code))), map: null };
      if (SHARED_MESSAGES.test(file)) return { code: markModuleTexts(code, file), map: null };
      return null;
    },
  };
}
