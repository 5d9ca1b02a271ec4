import type { Transaction } from 'kysely';
import type { Db } from './client';
import { dialectSql } from './dialect';
import { q } from './queryable';
import type { Database } from './schema';

/** Tables whose rows are named by `id` and belong to one channel by `channel_id`. */
export type ChannelOwnedTable = 'followers' | 'sendlists' | 'tags';

/**
 * The ids among `ids` that are rows of `table` in this channel, ascending: another channel's ids and
 * missing ones are left out, so a caller answers both alike. With `lock`, inside a transaction on
 * PostgreSQL the rows stay locked until it ends (`update` against every other lock, `key share`
 * only against deletes), taken in id order so two transactions cannot deadlock; SQLite runs one
 * transaction at a time and needs none (dialect.ts `rowLocks`).
 */
export async function channelRowIds(
  db: Db,
  table: ChannelOwnedTable,
  channelId: number,
  ids: readonly number[],
  options: { trx?: Transaction<Database>; lock?: 'update' | 'key share' } = {},
): Promise<number[]> {
  if (ids.length === 0) return [];
  let query = q(db, options.trx)
    .selectFrom(table)
    .select('id')
    .where('channel_id', '=', channelId)
    .where('id', 'in', [...ids])
    .orderBy('id');
  if (options.trx && options.lock && dialectSql(db.dialect).rowLocks) {
    query = options.lock === 'update' ? query.forUpdate() : query.forKeyShare();
  }
  return (await query.execute()).map((r) => Number(r.id));
}
