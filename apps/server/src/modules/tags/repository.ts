import type { Transaction } from 'kysely';
import { channelRowIds } from '../../db/channel-rows';
import type { Db } from '../../db/client';
import { q } from '../../db/queryable';
import type { Database } from '../../db/schema';

/** All SQL of tags (the tags module owns `tags`). Each function takes an optional transaction. */

export type TagRow = { id: number; channel_id: number; tag_name: string; created_at: number };

/** Every tag of the channel, oldest first (the order operators made them in). */
export function listChannelTags(db: Db, channelId: number, trx?: Transaction<Database>): Promise<TagRow[]> {
  return q(db, trx)
    .selectFrom('tags')
    .selectAll()
    .where('channel_id', '=', channelId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** The tags among `ids` that belong to the channel. */
export function findChannelTags(
  db: Db,
  channelId: number,
  ids: number[],
  trx?: Transaction<Database>,
): Promise<TagRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return q(db, trx)
    .selectFrom('tags')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('id', 'in', ids)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * The ids among `ids` that are tags of the channel, locked for the rest of the transaction
 * (PostgreSQL `FOR UPDATE`, in id order so two deletes cannot deadlock): a send list saving one
 * of them waits for the delete and then finds it gone. SQLite runs one transaction at a time.
 */
export function lockChannelTagIds(
  db: Db,
  channelId: number,
  ids: number[],
  trx: Transaction<Database>,
): Promise<number[]> {
  return channelRowIds(db, 'tags', channelId, ids, { trx, lock: 'update' });
}

/**
 * The ids among `ids` that are tags of this channel. Inside a transaction on PostgreSQL they stay
 * held against a delete until it ends (`FOR KEY SHARE`, in id order like the delete's lock), so a
 * row that points at them is never written after the tag went.
 */
export function holdChannelTagIds(
  db: Db,
  channelId: number,
  ids: number[],
  trx?: Transaction<Database>,
): Promise<number[]> {
  return channelRowIds(db, 'tags', channelId, ids, { trx, lock: 'key share' });
}

export function insertTag(
  db: Db,
  row: { channel_id: number; tag_name: string; created_at: number },
  trx?: Transaction<Database>,
): Promise<TagRow> {
  return q(db, trx).insertInto('tags').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Renames a tag of the channel; undefined when the channel has no such tag. */
export function renameTag(
  db: Db,
  channelId: number,
  id: number,
  tagName: string,
  trx?: Transaction<Database>,
): Promise<TagRow | undefined> {
  return q(db, trx)
    .updateTable('tags')
    .set({ tag_name: tagName })
    .where('id', '=', id)
    .where('channel_id', '=', channelId)
    .returningAll()
    .executeTakeFirst();
}

/** Deletes tags of the channel; their follower_tags rows cascade. Returns how many went. */
export async function deleteTags(
  db: Db,
  channelId: number,
  ids: number[],
  trx?: Transaction<Database>,
): Promise<number> {
  const result = await q(db, trx)
    .deleteFrom('tags')
    .where('channel_id', '=', channelId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
