import { inboxItemKey } from '@qrqr/shared';
import { claimDuePushRows } from '../../db/push-claims';
import type { AppContext } from '../../platform/context';
import { channelsByIds } from '../channels/lookup';
import { couponCopies } from '../coupons/lookup';
import { devicesOfFollowers } from '../followers/lookup';
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
import { findMessagesByIds, settleDeliveryPushes } from './repository';

/**
 * The push of every delivery of a sent message (issue 20), as durable work on the delivery rows
 * themselves (`push_state`, `push_due_at`): each process sweeps them, claims batches atomically
 * with a lease, and writes each row's outcome, so a restart resumes and an accepted row is never
 * pushed again. The inbox already holds the message; quiet hours only move the push.
 */
export function pushDueDeliveries(
  ctx: AppContext,
  now: () => number = Date.now,
  paused: () => boolean = () => false,
): Promise<number> {
  return drainPushQueue(ctx, pushService(ctx), messagePushQueue(ctx), now, paused);
}

function messagePushQueue(ctx: AppContext): PushQueue {
  return {
    async claim(now, leaseUntil, limit) {
      const rows = await claimDuePushRows(ctx.db, 'message_deliveries', now, leaseUntil, limit);
      if (rows.length === 0) return [];
      const messages = await findMessagesByIds(ctx.db, [...new Set(rows.map((r) => Number(r.a)))]);
      const [channels, copies, devices] = await Promise.all([
        channelsByIds(
          ctx,
          messages.map((m) => Number(m.channel_id)),
        ),
        couponCopies(
          ctx,
          messages.flatMap((m) => (m.coupon_copy_id === null ? [] : [Number(m.coupon_copy_id)])),
        ),
        devicesOfFollowers(
          ctx,
          rows.map((r) => Number(r.b)),
        ),
      ]);
      const byId = new Map(messages.map((m) => [Number(m.id), m]));
      return rows.map((r): ClaimedPush => {
        const messageId = Number(r.a);
        const followerId = Number(r.b);
        const message = byId.get(messageId);
        const channel = message ? channels.get(Number(message.channel_id)) : undefined;
        const base = {
          key: { id: messageId, sub: followerId },
          attempts: r.attempts,
          channelId: Number(message?.channel_id ?? 0),
          messageId,
          welcomeMessageId: null,
        };
        if (!message || !channel)
          return { ...base, deviceHash: null, payload: null, options: null, quietUntil: null };
        const copy = message.coupon_copy_id === null ? undefined : copies.get(Number(message.coupon_copy_id));
        const itemKey = inboxItemKey('message', messageId);
        return {
          ...base,
          deviceHash: devices.get(followerId) ?? null,
          payload: {
            title: channel.channel_name,
            body: message.push_text,
            message_id: messageId,
            welcome_message_id: null,
            url: readerItemUrl(ctx.config.publicUrl, channel.channel_code, itemKey),
            tag: itemKey,
          },
          options: deliveryTiming(copy ? couponEndsAt(copy.date_to) : null, now, `m${messageId}`),
          quietUntil: quietUntil(channel, now),
        };
      });
    },
    settle: (rows, set) =>
      settleDeliveryPushes(
        ctx.db,
        rows.map((r) => ({ messageId: r.key.id, followerId: Number(r.key.sub) })),
        set,
      ),
  };
}
