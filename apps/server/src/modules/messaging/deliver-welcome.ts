import type { AppContext } from '../../platform/core/context';
import { type FollowInTransaction, points } from '../../platform/core/extension-points';
import { deliverWelcomeRow } from './welcome-repository';

/**
 * A device began following (points.joining, inside the follow's transaction): the channel's welcome
 * message that is on and before its end reaches it now, once per device ever; the delivery is told
 * (`points.delivered`) in the same transaction.
 */
export async function deliverWelcome(ctx: AppContext, event: FollowInTransaction): Promise<void> {
  const now = Date.now();
  const delivered = await deliverWelcomeRow(
    ctx.db,
    { channelId: event.channelId, deviceHash: event.deviceHash, followerId: event.followerId, now },
    event.trx,
  );
  for (const welcomeMessageId of delivered)
    await ctx.registry.emit(points.delivered, {
      channelId: event.channelId,
      messageId: null,
      welcomeMessageId,
      at: now,
      count: 1,
      trx: event.trx,
    });
}
