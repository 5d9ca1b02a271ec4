import type { Db } from './client';

/**
 * How many followers a channel has: `channels.follower_count`, kept by triggers (migration 0026),
 * so the count is one primary-key read however many follow.
 */
export function followerCountOf(row: { follower_count: number | string }): number {
  return Number(row.follower_count);
}

/** One channel's follower count now (0 for a channel that is gone). */
export async function followerCount(db: Db, channelId: number): Promise<number> {
  const row = await db.kysely
    .selectFrom('channels')
    .select('follower_count')
    .where('id', '=', channelId)
    .executeTakeFirst();
  return row ? followerCountOf(row) : 0;
}
