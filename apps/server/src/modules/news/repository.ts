import type { Db } from '../../db/client';
import type { NewsItemRow } from '../../db/schema';

/** All SQL of the news box. */

export function latestNews(db: Db, options: { limit: number; now: number }): Promise<NewsItemRow[]> {
  return db.kysely
    .selectFrom('news_items')
    .selectAll()
    .where('published_at', '<=', options.now)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit)
    .execute();
}

export async function insertNews(db: Db, item: Omit<NewsItemRow, 'id' | 'created_at'>): Promise<NewsItemRow> {
  return db.kysely
    .insertInto('news_items')
    .values({ ...item, created_at: Date.now() })
    .returningAll()
    .executeTakeFirstOrThrow();
}
