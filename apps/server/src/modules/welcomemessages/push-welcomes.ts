import { inboxItemKey } from '@qrqr/shared';
import { claimDuePushRows } from '../../db/push-claims';
import type { AppContext } from '../../platform/context';
import { channelsByIds } from '../channels/lookup';
import { couponCopies } from '../coupons/lookup';
import {
  type ClaimedPush,
  couponEndsAt,
  deliveryTiming,
  drainPushQueue,
  type PushQueue,
  pushService,
  quietUntil,
  readerItemUrl,
} from '../push/lookup';
import { endedFollowDeliveries, findWelcomesByIds, settleWelcomePushes } from './repository';

/**
 * The push of each welcome delivery (issue 20): the same durable queue as messages' deliveries,
 * on `welcome_deliveries` (keyed by welcome message and device). A follow that ended before its
 * push is not pushed.
 */
export function pushDueWelcomes(ctx: AppContext, now: () => number = Date.now): Promise<number> {
  return drainPushQueue(ctx, pushService(ctx), welcomePushQueue(ctx), now);
}

function welcomePushQueue(ctx: AppContext): PushQueue {
  return {
    async claim(now, leaseUntil, limit) {
      const rows = await claimDuePushRows(ctx.db, 'welcome_deliveries', now, leaseUntil, limit);
      if (rows.length === 0) return [];
      const keys = rows.map((r) => ({ welcomeId: Number(r.a), deviceHash: String(r.b) }));
      const welcomes = await findWelcomesByIds(ctx.db, [...new Set(keys.map((k) => k.welcomeId))]);
      const [channels, copies, ended] = await Promise.all([
        channelsByIds(
          ctx,
          welcomes.map((w) => Number(w.channel_id)),
        ),
        couponCopies(
          ctx,
          welcomes.flatMap((w) => (w.coupon_copy_id === null ? [] : [Number(w.coupon_copy_id)])),
        ),
        endedFollowDeliveries(ctx.db, keys),
      ]);
      const byId = new Map(welcomes.map((w) => [Number(w.id), w]));
      return rows.map((r, i): ClaimedPush => {
        const { welcomeId, deviceHash } = keys[i] as { welcomeId: number; deviceHash: string };
        const welcome = byId.get(welcomeId);
        const channel = welcome ? channels.get(Number(welcome.channel_id)) : undefined;
        const base = {
          key: { id: welcomeId, sub: deviceHash },
          attempts: r.attempts,
          channelId: Number(welcome?.channel_id ?? 0),
          messageId: null,
          welcomeMessageId: welcomeId,
        };
        if (!welcome || !channel || ended.has(`${welcomeId}:${deviceHash}`))
          return { ...base, deviceHash: null, payload: null, options: null, quietUntil: null };
        const copy = welcome.coupon_copy_id === null ? undefined : copies.get(Number(welcome.coupon_copy_id));
        const itemKey = inboxItemKey('welcome', welcomeId);
        return {
          ...base,
          deviceHash,
          payload: {
            title: channel.channel_name,
            body: welcome.push_text,
            message_id: null,
            welcome_message_id: welcomeId,
            url: readerItemUrl(ctx.config.publicUrl, channel.channel_code, itemKey),
            tag: itemKey,
          },
          options: deliveryTiming(copy ? couponEndsAt(copy.date_to) : null, now, `w${welcomeId}`),
          quietUntil: quietUntil(channel, now),
        };
      });
    },
    settle: (rows, set) =>
      settleWelcomePushes(
        ctx.db,
        rows.map((r) => ({ welcomeId: r.key.id, deviceHash: String(r.key.sub) })),
        set,
      ),
  };
}
