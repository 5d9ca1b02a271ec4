/**
 * Text with each date in it (lib/format-date.ts, with or without its time) and each time of day
 * as a <time>, which global.css keeps on one line: 「最初の読み取り：2026-/11-26」 and
 * 「2026-11-29/08:00」 were seen at 375 px. For a sentence that takes a date or a time as a
 * value; a date shown alone is a <time> of its own.
 */
export const KeepDates = ({ children }: { children: string }) =>
  // Splitting on a captured pattern puts the dates at the odd places.
  children
    .split(/(\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})?|\d{1,2}:\d{2})/)
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered.
    .map((part, i) => (i % 2 ? <time key={i}>{part}</time> : part));
