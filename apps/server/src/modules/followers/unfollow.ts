import type { FollowAnswer } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { points } from '../../platform/extension-points';
import { publicChannel } from './read-channel-page';
import { countFollowers, deleteFollowerByDevice } from './repository';

/** Stops following from this device (its tags go with it); a device that did not follow is fine. */
export async function unfollow(
  ctx: AppContext,
  input: { code: string; deviceHash: string | null },
): Promise<FollowAnswer> {
  const channel = await publicChannel(ctx, input.code);
  const gone = input.deviceHash
    ? await deleteFollowerByDevice(ctx.db, channel.id, input.deviceHash)
    : undefined;
  if (gone !== undefined) {
    // What another module does about it must not undo the unfollow the visitor asked for.
    await ctx.registry
      .emit(points.unfollowed, { channelId: channel.id, followerId: gone })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'unfollow hook failed'));
  }
  return { following: false, follower_count: await countFollowers(ctx.db, channel.id) };
}
