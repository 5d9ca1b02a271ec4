/**
 * The zero-width spaces the build puts between the phrases of Japanese texts (phrase-breaks.ts
 * beside vite.config.ts) let Firefox and WebKit break lines only between phrases. An engine with
 * `word-break: auto-phrase` (Chromium) finds the phrases itself: there the marks are dropped, so
 * its texts stay exactly as written.
 */
const MARKS = /\u200b/g;

const findsPhrases = typeof CSS !== 'undefined' && CSS.supports?.('word-break', 'auto-phrase') === true;

function strip<T>(value: T): T {
  if (typeof value === 'string') return value.replace(MARKS, '') as T;
  if (Array.isArray(value)) return value.map(strip) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, strip(inner)])) as T;
  return value;
}

/** Loaded texts as this engine should have them. */
export function phraseBreaksFor<T>(texts: T): T {
  return findsPhrases ? strip(texts) : texts;
}
