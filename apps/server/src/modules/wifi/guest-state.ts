import type { AppContext } from '../../platform/core/context';
import { followerOfDevice } from '../followers/lookup';
import { couponUseOf } from './repository';

/** What this device did about a page: when it used the coupon (or null) and whether it follows the channel. */
export async function guestStateOf(
  ctx: AppContext,
  input: { pageId: number; channelId: number; deviceHash: string | null },
): Promise<{ usedAt: number | null; following: boolean }> {
  const { deviceHash } = input;
  const [usedAt, follower] = await Promise.all([
    couponUseOf(ctx.db, input.pageId, deviceHash),
    deviceHash === null ? undefined : followerOfDevice(ctx, input.channelId, deviceHash),
  ]);
  return { usedAt, following: follower !== undefined };
}
