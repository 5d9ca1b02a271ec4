import type { FollowAnswer } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { publicChannel } from './read-channel-page';
import { countFollowers, deleteFollowerByDevice } from './repository';

/** Stops following from this device (its tags go with it); a device that did not follow is fine. */
export async function unfollow(
  ctx: AppContext,
  input: { code: string; deviceHash: string | null },
): Promise<FollowAnswer> {
  const channel = await publicChannel(ctx, input.code);
  if (input.deviceHash) await deleteFollowerByDevice(ctx.db, channel.id, input.deviceHash);
  return { following: false, follower_count: await countFollowers(ctx.db, channel.id) };
}
