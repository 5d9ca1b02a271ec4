import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { holdChannelTags } from '../tags/lookup';
import { addFollowerTags, deviceHashesOf, findFollowerByDevice, followsOfDeviceRows } from './repository';

/**
 * What other modules (messages, welcome messages) ask of followers, instead of reading `followers`.
 * The fan-out of a message reads followers only through the send list's audience query.
 */

/** This device's follower id in the channel, or undefined when it does not follow. */
export async function followerOfDevice(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  deviceHash: string,
  trx?: Transaction<Database>,
): Promise<number | undefined> {
  const row = await findFollowerByDevice(ctx.db, channelId, deviceHash, trx);
  return row ? Number(row.id) : undefined;
}

/** Every channel this device follows, with its follower id there (the reader's inbox). */
export async function followsOfDevice(
  ctx: Pick<AppContext, 'db'>,
  deviceHash: string,
): Promise<Array<{ followerId: number; channelId: number }>> {
  const rows = await followsOfDeviceRows(ctx.db, deviceHash);
  return rows.map((r) => ({ followerId: Number(r.id), channelId: Number(r.channel_id) }));
}

/**
 * Puts the channel's tags among `tagIds` on the follower (opening a message adds its push_tag,
 * using its coupon its push_coupon_use_tags); tags deleted since are skipped.
 */
export async function tagFollower(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  followerId: number,
  tagIds: readonly number[],
  trx: Transaction<Database>,
): Promise<void> {
  if (tagIds.length === 0) return;
  const held = await holdChannelTags(ctx, channelId, [...tagIds], trx);
  await addFollowerTags(ctx.db, channelId, [followerId], held, trx);
}

/** The device of each of these followers (a push goes to the device's subscription); gone ones left out. */
export async function devicesOfFollowers(
  ctx: Pick<AppContext, 'db'>,
  followerIds: readonly number[],
): Promise<Map<number, string>> {
  const rows = await deviceHashesOf(ctx.db, followerIds);
  return new Map(rows.map((r) => [Number(r.id), r.device_hash]));
}
