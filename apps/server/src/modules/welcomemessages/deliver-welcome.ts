import type { AppContext } from '../../platform/context';
import type { FollowInTransaction } from '../../platform/extension-points';
import { deliverWelcomeRow } from './repository';

/**
 * A device began following (points.joining, inside the follow's transaction): the channel's welcome
 * message that is on and before its end reaches it now, once per device ever.
 */
export async function deliverWelcome(ctx: AppContext, event: FollowInTransaction): Promise<void> {
  await deliverWelcomeRow(
    ctx.db,
    {
      channelId: event.channelId,
      deviceHash: event.deviceHash,
      followerId: event.followerId,
      now: Date.now(),
    },
    event.trx,
  );
}
