import { AudienceMemo, channelVersion } from './audience-memo';
import { countChannelRows } from './channel-rows';
import type { Db } from './client';

/**
 * How many followers channels have, remembered under their audience version (audience-memo.ts):
 * at 100,000 followers a count reads the whole index range (about 5 ms on the main thread on
 * SQLite), and every channel answer, the followers page and each follow ask for it.
 */
const counts = new AudienceMemo<number>(10_000);

/** Each channel's follower count, for channel rows as loaded (their version read before counting). */
export async function followerCounts(
  db: Db,
  channels: readonly { id: number; audience_version: number | string }[],
): Promise<Map<number, number>> {
  const keys = channels.map((c) => `${channelVersion(c)}:followers`);
  const idOf = new Map(channels.map((c, i) => [keys[i] as string, c.id]));
  const values = await counts.rememberAt(db, keys, async (missing) => {
    const ids = missing.map((key) => idOf.get(key) as number);
    const found = await countChannelRows(db, 'followers', ids);
    return ids.map((id) => found.get(id) ?? 0);
  });
  return new Map(channels.map((c, i) => [c.id, values[i] ?? 0]));
}

/** One channel's follower count now. */
export async function followerCount(db: Db, channelId: number): Promise<number> {
  const [value] = await counts.rememberMany(db, channelId, ['followers'], async () => {
    const found = await countChannelRows(db, 'followers', [channelId]);
    return [found.get(channelId) ?? 0];
  });
  return value ?? 0;
}
