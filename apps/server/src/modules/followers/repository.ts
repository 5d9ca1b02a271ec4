import type { Transaction } from 'kysely';
import { channelRowIds } from '../../db/channel-rows';
import type { Db } from '../../db/client';
import { q } from '../../db/queryable';
import type { Database } from '../../db/schema';

/** All SQL of followers and their tags (the followers module owns `followers` and `follower_tags`). */

export type FollowerRow = { id: number; channel_id: number; followed_at: number };

/** The number of followers of each of these channels (channels without any are left out). */
export async function countFollowersOfChannels(db: Db, channelIds: number[]): Promise<Map<number, number>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('followers')
    .select((eb) => ['channel_id', eb.fn.countAll<number | string>().as('n')])
    .where('channel_id', 'in', channelIds)
    .groupBy('channel_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.channel_id), Number(r.n)]));
}

export async function countFollowers(
  db: Db,
  channelId: number,
  trx?: Transaction<Database>,
): Promise<number> {
  const row = await q(db, trx)
    .selectFrom('followers')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('channel_id', '=', channelId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findFollowerByDevice(
  db: Db,
  channelId: number,
  deviceHash: string,
  trx?: Transaction<Database>,
): Promise<FollowerRow | undefined> {
  return q(db, trx)
    .selectFrom('followers')
    .select(['id', 'channel_id', 'followed_at'])
    .where('channel_id', '=', channelId)
    .where('device_hash', '=', deviceHash)
    .executeTakeFirst();
}

/**
 * Adds the device as a follower unless it already is one (the unique index on channel and device
 * decides, so two taps at once are still one follow). Returns the id when this call added it.
 */
export async function insertFollowerOnce(
  db: Db,
  row: { channel_id: number; device_hash: string; followed_at: number },
  trx?: Transaction<Database>,
): Promise<number | undefined> {
  const added = await q(db, trx)
    .insertInto('followers')
    .values(row)
    .onConflict((oc) => oc.columns(['channel_id', 'device_hash']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return added?.id;
}

/** Removes the device's follow; its tags cascade. True when there was one. */
export async function deleteFollowerByDevice(
  db: Db,
  channelId: number,
  deviceHash: string,
  trx?: Transaction<Database>,
): Promise<boolean> {
  const result = await q(db, trx)
    .deleteFrom('followers')
    .where('channel_id', '=', channelId)
    .where('device_hash', '=', deviceHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A page of the channel's followers, newest first, narrowed to those carrying every tag in `tagIds`. */
export async function listFollowerPage(
  db: Db,
  f: { channelId: number; tagIds: number[]; offset: number; limit: number },
): Promise<{ rows: FollowerRow[]; total: number }> {
  let base = db.kysely.selectFrom('followers').where('followers.channel_id', '=', f.channelId);
  if (f.tagIds.length > 0) {
    // "Carries every tag": the follower's rows among those tags number as many as the tags.
    base = base.where((eb) =>
      eb(
        'followers.id',
        'in',
        eb
          .selectFrom('follower_tags')
          .select('follower_tags.follower_id')
          .where('follower_tags.channel_id', '=', f.channelId)
          .where('follower_tags.tag_id', 'in', f.tagIds)
          .groupBy('follower_tags.follower_id')
          .having((h) => h.fn.countAll(), '=', f.tagIds.length),
      ),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select(['followers.id', 'followers.channel_id', 'followers.followed_at'])
      .orderBy('followers.followed_at', 'desc')
      .orderBy('followers.id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The tag ids of each of these followers. */
export async function tagIdsOfFollowers(
  db: Db,
  followerIds: number[],
  trx?: Transaction<Database>,
): Promise<Map<number, number[]>> {
  const byFollower = new Map<number, number[]>(followerIds.map((id) => [id, []]));
  if (followerIds.length === 0) return byFollower;
  const rows = await q(db, trx)
    .selectFrom('follower_tags')
    .select(['follower_id', 'tag_id'])
    .where('follower_id', 'in', followerIds)
    .orderBy('tag_id')
    .execute();
  for (const r of rows) byFollower.get(Number(r.follower_id))?.push(Number(r.tag_id));
  return byFollower;
}

/** The ids among `ids` that are followers of the channel. */
export function channelFollowerIds(
  db: Db,
  channelId: number,
  ids: number[],
  trx?: Transaction<Database>,
): Promise<number[]> {
  // Inside a transaction they are locked until it ends, in id order (PostgreSQL `FOR UPDATE`): held
  // against an unfollow, and the tag counts the triggers of migration 0014 update on them are
  // already this transaction's, so two taggings of the same followers queue instead of deadlocking.
  return channelRowIds(db, 'followers', channelId, ids, { trx, lock: 'update' });
}

/** Puts each tag on each follower; a tag already there stays one row. */
export async function addFollowerTags(
  db: Db,
  channelId: number,
  followerIds: number[],
  tagIds: number[],
  trx?: Transaction<Database>,
): Promise<void> {
  if (followerIds.length === 0 || tagIds.length === 0) return;
  const values = followerIds.flatMap((follower_id) =>
    tagIds.map((tag_id) => ({ follower_id, tag_id, channel_id: channelId })),
  );
  // Chunks keep each statement under SQLite's and PostgreSQL's bound-parameter limits.
  for (let i = 0; i < values.length; i += 300) {
    await q(db, trx)
      .insertInto('follower_tags')
      .values(values.slice(i, i + 300))
      .onConflict((oc) => oc.columns(['follower_id', 'tag_id']).doNothing())
      .execute();
  }
}

export async function removeFollowerTags(
  db: Db,
  channelId: number,
  followerIds: number[],
  tagIds: number[],
  trx?: Transaction<Database>,
): Promise<void> {
  if (followerIds.length === 0 || tagIds.length === 0) return;
  await q(db, trx)
    .deleteFrom('follower_tags')
    .where('channel_id', '=', channelId)
    .where('follower_id', 'in', followerIds)
    .where('tag_id', 'in', tagIds)
    .execute();
}
