import { type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import { AudienceMemo } from '../../db/audience-memo';
import { channelRowIds } from '../../db/channel-rows';
import type { Db } from '../../db/client';
import { followerCount } from '../../db/follower-counts';
import { readLong } from '../../db/long-reads';
import { q } from '../../db/queryable';
import type { Database } from '../../db/schema';

/** All SQL of followers and their tags (the followers module owns `followers` and `follower_tags`). */

export type FollowerRow = { id: number; channel_id: number; followed_at: number };

/** How many followers the channel has now (remembered until its audience changes). */
export function countFollowers(db: Db, channelId: number): Promise<number> {
  return followerCount(db, channelId);
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

/** Removes the device's follow; its tags cascade. The follower's id when there was one. */
export async function deleteFollowerByDevice(
  db: Db,
  channelId: number,
  deviceHash: string,
  trx?: Transaction<Database>,
): Promise<number | undefined> {
  const row = await q(db, trx)
    .deleteFrom('followers')
    .where('channel_id', '=', channelId)
    .where('device_hash', '=', deviceHash)
    .returning('id')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.id);
}

/**
 * A page of the channel's followers, newest first, narrowed to those carrying every tag in `tagIds`
 * (tags of this channel: the caller leaves out the others). `followerCount` is the channel's
 * count, which the caller has already made. Every step stays cheap at 100,000 followers (bench:
 * operator-load): the page is read in the order of the index `followers_channel_followed`, from the
 * nearer end (no page walks past more than half the matches), a page past the last one reads
 * nothing, and the tag search starts from its rarest tag.
 */
export async function listFollowerPage(db: Db, f: PageOf): Promise<FollowerPage> {
  if (f.tagIds.length === 0) return readFollowerPage(db, f);
  // A tag search reads up to three times off the main thread (tens of ms at 100,000 followers):
  // remembered until the channel's followers or their tags change.
  const tagIds = [...new Set(f.tagIds)].sort((a, b) => a - b);
  const key = `${tagIds.join(',')}|${f.offset}|${f.limit}`;
  return searches.remember(db, f.channelId, key, () => readFollowerPage(db, { ...f, tagIds }));
}

type PageOf = { channelId: number; tagIds: number[]; followerCount: number; offset: number; limit: number };
type FollowerPage = { rows: FollowerRow[]; total: number };

/** Tag searches remembered per channel audience version (db/audience-memo.ts). */
const searches = new AudienceMemo<FollowerPage>(2_000);

async function readFollowerPage(db: Db, f: PageOf): Promise<FollowerPage> {
  const tags = f.tagIds.length === 0 ? [] : await rarestFirst(db, [...new Set(f.tagIds)]);
  const total = tags.length === 0 ? f.followerCount : await countCarrying(db, tags);
  if (f.offset >= total || f.limit <= 0) return { rows: [], total };
  // From the end nearer the page: the last page of 5,000 reads 20 rows, not 100,000.
  const fromOldest = f.offset + f.limit / 2 > total / 2;
  const limit = Math.min(f.limit, total - f.offset);
  const offset = fromOldest ? total - f.offset - limit : f.offset;
  const direction = fromOldest ? 'asc' : 'desc';
  // Walking the followers in order and probing each one's tags costs about the followers passed;
  // starting from the rarest tag costs its followers: the cheaper of the two.
  const walked = tags.length === 0 ? 0 : ((offset + limit) * f.followerCount) / Math.max(total, 1);
  const fromRarest = tags.length > 0 && walked > (tags[0]?.size ?? 0);
  const probed = (fromRarest ? tags.slice(1) : tags).map((tag) => carries(tag.id, sql.ref('followers.id')));
  const base = fromRarest
    ? db.kysely
        .selectFrom('follower_tags as r')
        // CROSS JOIN keeps the rarest tag's rows first on SQLite (PostgreSQL plans it as a join).
        .crossJoin('followers')
        .whereRef('followers.id', '=', 'r.follower_id')
        .where('r.tag_id', '=', tags[0]?.id ?? 0)
        .select(['followers.id', 'followers.channel_id', 'followers.followed_at'])
    : db.kysely
        .selectFrom('followers')
        .select(['followers.id', 'followers.channel_id', 'followers.followed_at']);
  const page = base
    .where('followers.channel_id', '=', f.channelId)
    .where((eb) => eb.and(probed))
    .orderBy('followers.followed_at', direction)
    .orderBy('followers.id', direction)
    .limit(limit)
    .offset(offset)
    .compile();
  // A tag search may pass thousands of followers: on a thread of its own (SQLite).
  const rows =
    tags.length === 0 ? (await db.kysely.executeQuery(page)).rows : await readLong(db, page, 'searches');
  return { rows: fromOldest ? rows.reverse() : rows, total };
}

type TagSize = { id: number; size: number };

/** The tags with how many followers carry each, the rarest first. */
async function rarestFirst(db: Db, tagIds: number[]): Promise<TagSize[]> {
  const rows = await readLong(
    db,
    db.kysely
      .selectFrom('follower_tags')
      .select((eb) => ['tag_id', eb.fn.countAll<number | string>().as('n')])
      .where('tag_id', 'in', tagIds)
      .groupBy('tag_id')
      .compile(),
    'searches',
  );
  const size = new Map(rows.map((r) => [Number(r.tag_id), Number(r.n)]));
  return tagIds.map((id) => ({ id, size: size.get(id) ?? 0 })).sort((a, b) => a.size - b.size);
}

/** How many followers carry every one of `tags` (rarest first): the rarest tag's, probed for the rest. */
async function countCarrying(db: Db, tags: TagSize[]): Promise<number> {
  const [rarest, ...rest] = tags;
  if (!rarest || rarest.size === 0) return 0;
  if (rest.length === 0) return rarest.size;
  const [row] = await readLong(
    db,
    db.kysely
      .selectFrom('follower_tags as r')
      .where('r.tag_id', '=', rarest.id)
      .where((eb) => eb.and(rest.map((tag) => carries(tag.id, sql.ref('r.follower_id')))))
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .compile(),
    'searches',
  );
  return Number(row?.n ?? 0);
}

/** The follower (a reference to its id) carries the tag: one probe of the primary key. */
function carries(tagId: number, followerId: RawBuilder<unknown>) {
  return sql<SqlBool>`exists (select 1 from follower_tags t where t.follower_id = ${followerId} and t.tag_id = ${tagId})`;
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

/** Every follow of a device: its follower id in each channel it follows. */
export function followsOfDeviceRows(
  db: Db,
  deviceHash: string,
): Promise<Array<{ id: number; channel_id: number }>> {
  return q(db)
    .selectFrom('followers')
    .select(['id', 'channel_id'])
    .where('device_hash', '=', deviceHash)
    .execute();
}

/** The device hash of each of these followers (those that still follow). */
export async function deviceHashesOf(
  db: Db,
  followerIds: readonly number[],
): Promise<Array<{ id: number; device_hash: string }>> {
  if (followerIds.length === 0) return [];
  return q(db)
    .selectFrom('followers')
    .select(['id', 'device_hash'])
    .where('id', 'in', [...new Set(followerIds)])
    .execute();
}
