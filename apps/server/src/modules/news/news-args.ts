import { parseArgs } from 'node:util';
import type { NewNews } from './news';

/**
 * `npm run news:add -- --title-ja "…" --body-ja "…" [--title-en …] [--body-en …] [--date YYYY-MM-DD]`
 * adds one item to the news box, on the database the server uses (same environment variables).
 */
export const USAGE =
  'Usage: npm run news:add -- --title-ja "タイトル" --body-ja "本文" [--title-en "Title"] [--body-en "Body"] [--date YYYY-MM-DD]';

export function parseNewsArgs(args: string[]): NewNews {
  const { values } = parseArgs({
    args,
    options: {
      'title-ja': { type: 'string' },
      'body-ja': { type: 'string' },
      'title-en': { type: 'string' },
      'body-en': { type: 'string' },
      date: { type: 'string' },
    },
    strict: true,
  });
  const missing = (['title-ja', 'body-ja'] as const).filter((k) => !values[k]?.trim());
  if (missing.length) throw new Error(`Missing ${missing.map((k) => `--${k}`).join(' and ')}.`);
  const titles = [values['title-ja'], values['title-en']];
  if (titles.some((t) => t && t.length > 255)) throw new Error('A title must be 255 characters or fewer.');
  return {
    titleJa: values['title-ja']?.trim() ?? '',
    bodyJa: values['body-ja'] ?? '',
    titleEn: values['title-en']?.trim() || undefined,
    bodyEn: values['body-en'] || undefined,
    publishedAt: values.date === undefined ? undefined : tokyoMidnight(values.date),
  };
}

/** 00:00 in Asia/Tokyo on that day. */
function tokyoMidnight(day: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const utc = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  if (!m || new Date(utc).toISOString().slice(0, 10) !== day) {
    throw new Error(`--date must be a day such as 2026-04-01 (got "${day}").`);
  }
  return utc - 9 * 3_600_000;
}
