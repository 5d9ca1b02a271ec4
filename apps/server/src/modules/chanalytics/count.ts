import { tokyoDate } from '@qrqr/shared/coupon-constants';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import { addToChannelDay, addToMessageDay, ITEM_KIND, moveFollowerTotal } from './repository';

/** The Asia/Tokyo day of Unix ms. */
const dayOf = (ms: number) => tokyoDate(ms);

/** Which row of channel_message_days an event of a message or a welcome message counts into. */
const itemOf = (e: {
  channelId: number;
  messageId: number | null;
  welcomeMessageId: number | null;
  at: number;
}) =>
  e.messageId !== null
    ? { channelId: e.channelId, kind: ITEM_KIND.message, itemId: e.messageId, day: dayOf(e.at) }
    : {
        channelId: e.channelId,
        kind: ITEM_KIND.welcome,
        itemId: Number(e.welcomeMessageId),
        day: dayOf(e.at),
      };

/**
 * Counts into the rollups as things happen, on the points the owning modules tell: follows and
 * unfollows inside their transactions (with the running follower count), deliveries inside the
 * fan-out's, opens and coupon uses inside theirs; the push points as messaging's push sweep tells them.
 * Counting inside the owner's transaction makes it exact: the event and its count commit together.
 */
export function registerCounting(ctx: AppContext): void {
  const { db, registry } = ctx;
  const today = () => dayOf(Date.now());

  registry.register(points.joining, async (e) => {
    await moveFollowerTotal(db, e.channelId, 1, e.trx);
    await addToChannelDay(db, { channelId: e.channelId, day: today() }, { follows: 1 }, e.trx);
  });
  registry.register(points.leaving, async (e) => {
    await moveFollowerTotal(db, e.channelId, -1, e.trx);
    await addToChannelDay(db, { channelId: e.channelId, day: today() }, { unfollows: 1 }, e.trx);
  });
  registry.register(points.delivered, async (e) => {
    const item = itemOf(e);
    await addToChannelDay(db, item, { deliveries: e.count }, e.trx);
    const capped = e.capped ?? 0;
    await addToMessageDay(
      db,
      item,
      capped > 0 ? { targeted: e.count, capped } : { targeted: e.count },
      e.trx,
    );
  });
  registry.register(points.opened, async (e) => {
    const item = itemOf(e);
    const counts = e.via === 'push' ? { opens_push: 1 } : { opens_inbox: 1 };
    await addToChannelDay(db, item, counts, e.trx);
    await addToMessageDay(db, item, counts, e.trx);
  });
  registry.register(points.couponUsed, async (e) => {
    const item = itemOf(e);
    await addToChannelDay(db, item, { coupon_uses: 1 }, e.trx);
    await addToMessageDay(db, item, { coupon_uses: 1, coupon_users: e.first ? 1 : 0 }, e.trx);
  });
  registry.register(points.pushReachable, async (e) => {
    const item = itemOf(e);
    await addToChannelDay(db, item, { push_reachable: e.count });
    await addToMessageDay(db, item, { push_reachable: e.count });
  });
  registry.register(points.pushAccepted, async (e) => {
    const item = itemOf(e);
    await addToChannelDay(db, item, { push_accepted: e.count });
    await addToMessageDay(db, item, { push_accepted: e.count });
  });
}
