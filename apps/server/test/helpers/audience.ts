import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/client';

/**
 * Tags and followers written straight into their tables (the tags and followers modules own the
 * calls that make them; send-list tests only need the rows). Returns the new ids.
 */
export async function seedTags(db: Db, channelId: number, names: string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const now = Date.now();
  const rows = await db.kysely
    .insertInto('tags')
    .values(names.map((tag_name) => ({ channel_id: channelId, tag_name, created_at: now })))
    .returning('id')
    .execute();
  return rows.map((r) => Number(r.id));
}

/** One follower per entry, tagged with that entry's tag ids. */
export async function seedFollowers(db: Db, channelId: number, tagSets: number[][]): Promise<number[]> {
  if (tagSets.length === 0) return [];
  const now = Date.now();
  const rows = await db.kysely
    .insertInto('followers')
    .values(
      tagSets.map(() => ({
        channel_id: channelId,
        device_hash: randomBytes(32).toString('hex'),
        followed_at: now,
      })),
    )
    .returning('id')
    .execute();
  const ids = rows.map((r) => Number(r.id));
  const links = tagSets.flatMap((tags, i) =>
    [...new Set(tags)].map((tag_id) => ({ follower_id: ids[i] as number, tag_id, channel_id: channelId })),
  );
  for (let i = 0; i < links.length; i += 500) {
    await db.kysely
      .insertInto('follower_tags')
      .values(links.slice(i, i + 500))
      .execute();
  }
  return ids;
}

/** A channel row of the member's, written straight into its table (the channels module owns the calls). */
export async function insertChannelRow(db: Db, userId: string, name = 'audience'): Promise<number> {
  const now = Date.now();
  const row = await db.kysely
    .insertInto('channels')
    .values({
      user_id: userId,
      channel_code: randomBytes(12).toString('base64url'),
      channel_name: name,
      channel_user_type: 1,
      industory_id: null,
      sub_industory_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
