/**
 * Phrase-aware Japanese line breaks in every engine, so no word is split. An engine with
 * `word-break: auto-phrase` (Chromium) finds the phrases itself. Firefox and WebKit get
 * `keep-all` (global.css, reader.css) and break only where a phrase ends is marked:
 * - our own texts: the build puts a zero-width space between phrases (phrase-breaks.ts beside
 *   vite.config.ts); Chromium drops those marks when the texts load, so they stay as written;
 * - what an operator wrote (a message, a channel's description): BudouX, loaded on demand only
 *   in those engines, cuts it into phrases when it is shown (cards/phrased.tsx puts a <wbr>
 *   between them, so a copied text has no hidden characters).
 * A copy of our own texts drops the build's marks too, and so does an attribute the app sets
 * (keepMarksInTextOnly); they never reach the tab title (document-title.ts) or an attribute of a
 * page the server painted (marksInTextOnly).
 * The server paints with the marks (prerender.tsx), as Firefox and WebKit render; in Chromium a
 * script inline after the painted page drops them as it is parsed (@qrqr/shared painted-marks.ts),
 * so in every engine the first render matches the server's text.
 */
import { setPhraseSegmenter } from '../cards/phrased';

const MARKS = /\u200b/g;
let loading: Promise<void> | undefined;

const findsPhrases = typeof CSS !== 'undefined' && CSS.supports?.('word-break', 'auto-phrase') === true;

/** A text without the marks: a tab title, a value to copy. */
export function withoutMarks(text: string): string {
  return text.replace(MARKS, '');
}

/**
 * The server's HTML with the marks only in its text: an attribute (a label read out, a
 * placeholder, a link's title) holds the text as written. React escapes `<` and `>` inside
 * attribute values, so each tag is one `<…>`.
 */
export function marksInTextOnly(html: string): string {
  return html.replace(/<[^>]*\u200b[^>]*>/g, withoutMarks);
}

/** Loaded texts as this engine should have them (texts are plain JSON: strings in objects). */
export function phraseBreaksFor<T>(texts: T): T {
  return findsPhrases ? JSON.parse(withoutMarks(JSON.stringify(texts))) : texts;
}

/**
 * Loads the phrase segmenter where the engine needs it (about 7 KB compressed, never in
 * Chromium) and hands it to the cards. Resolves when it is ready or could not load (offline):
 * text then wraps as before.
 */
export function phraseSegmenterReady(): Promise<void> {
  if (findsPhrases || typeof CSS === 'undefined') return Promise.resolve();
  loading ??= import('./phrase-segmenter').then(
    (module) => setPhraseSegmenter(module.segmentPhrases),
    () => undefined,
  );
  return loading;
}

/**
 * Where the marks stay on screen (Firefox, WebKit), they stay in the text only. Called once by
 * each app at start:
 * - a copied selection leaves them behind: a pasted sentence, address or code has none;
 * - an attribute the app sets from its texts (a label read out, a placeholder, a tooltip) loses
 *   them as it is set: React writes attributes and never reads them back, so changing one under
 *   it is safe.
 */
export function keepMarksInTextOnly(): void {
  if (findsPhrases || typeof document === 'undefined') return;
  document.addEventListener('copy', (event) => {
    const text = String(document.getSelection());
    if (!event.clipboardData || !text.includes('\u200b')) return;
    event.clipboardData.setData('text/plain', withoutMarks(text));
    event.preventDefault();
  });
  new MutationObserver(attributesWithoutMarks).observe(document.documentElement, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: TEXT_ATTRIBUTES,
  });
}

/** The attributes that carry words of the app's texts. */
const TEXT_ATTRIBUTES = [
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'title',
  'placeholder',
  'alt',
];
const WITH_TEXT_ATTRIBUTE = TEXT_ATTRIBUTES.map((name) => `[${name}]`).join(',');

function attributesWithoutMarks(records: MutationRecord[]): void {
  for (const record of records) {
    if (record.type === 'attributes') clean(record.target as Element, record.attributeName as string);
    else
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        if (node.matches(WITH_TEXT_ATTRIBUTE)) cleanAll(node);
        for (const inner of node.querySelectorAll(WITH_TEXT_ATTRIBUTE)) cleanAll(inner);
      }
  }
}

function cleanAll(element: Element): void {
  for (const name of TEXT_ATTRIBUTES) clean(element, name);
}

function clean(element: Element, name: string): void {
  const value = element.getAttribute(name);
  if (value?.includes('\u200b')) element.setAttribute(name, withoutMarks(value));
}
