import type { Locale } from '@qrqr/shared/limits';
import type { NewsItemRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { insertNews, latestNews } from './repository';

export interface NewsDto {
  id: number;
  title: string;
  body: string;
  /** Unix milliseconds. */
  published_at: number;
}

/** The newest published items in the caller's language; a missing English text falls back to Japanese. */
export async function listNews(
  ctx: AppContext,
  input: { limit: number; locale: Locale },
): Promise<NewsDto[]> {
  const rows = await latestNews(ctx.db, { limit: input.limit, now: Date.now() });
  return rows.map((r) => presentNews(r, input.locale));
}

export function presentNews(row: NewsItemRow, locale: Locale): NewsDto {
  const en = locale === 'en';
  return {
    id: row.id,
    title: (en && row.title_en) || row.title_ja,
    body: (en && row.body_en) || row.body_ja,
    published_at: row.published_at,
  };
}

export interface NewNews {
  titleJa: string;
  bodyJa: string;
  titleEn?: string;
  bodyEn?: string;
  /** Unix milliseconds; now when not given. Items dated in the future appear on that date. */
  publishedAt?: number;
}

export function addNews(ctx: Pick<AppContext, 'db'>, input: NewNews): Promise<NewsItemRow> {
  return insertNews(ctx.db, {
    title_ja: input.titleJa,
    body_ja: input.bodyJa,
    title_en: input.titleEn || null,
    body_en: input.bodyEn || null,
    published_at: input.publishedAt ?? Date.now(),
  });
}
