import type { FollowAnswer } from '@qrqr/shared/follower-schemas';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import { enqueueUnfollowedEvent } from './follower-events';
import { publicChannel } from './read-channel-page';
import { countFollowers, deleteFollowerByDevice } from './repository';

/** Stops following from this device (its tags go with it); a device that did not follow is fine. */
export async function unfollow(
  ctx: AppContext,
  input: { code: string; deviceHash: string | null },
): Promise<FollowAnswer> {
  const channel = await publicChannel(ctx, input.code);
  const deviceHash = input.deviceHash;
  const gone = deviceHash
    ? await ctx.db.kysely.transaction().execute(async (trx) => {
        const id = await deleteFollowerByDevice(ctx.db, channel.id, deviceHash, trx);
        // Modules acting on a follower who left hear of it from a job stored with the change.
        if (id !== undefined) {
          const event = { channelId: channel.id, followerId: id };
          await ctx.registry.emit(points.leaving, { ...event, trx });
          await enqueueUnfollowedEvent(ctx, event, trx);
        }
        return id;
      })
    : undefined;
  if (gone !== undefined) ctx.jobs.wake();
  return { following: false, follower_count: await countFollowers(ctx.db, channel.id) };
}
