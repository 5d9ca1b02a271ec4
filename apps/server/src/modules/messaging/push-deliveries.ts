import type { AppContext } from '../../platform/context';
import { channelsByIds } from '../channels/lookup';
import { couponCopies } from '../coupons/lookup';
import { devicesOfFollowers } from '../followers/lookup';
import { pushService } from '../push/lookup';
import type { PushQueue } from './claimed-push';
import { itemPush, itemPushNeeds } from './item-push';
import { pushedRows } from './item-rows';
import { claimDuePushRows, renewPushRows, settlePushRows } from './push-claims';
import { drainPushQueue } from './push-queue';

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
      const items = await pushedRows(
        ctx.db,
        'messages',
        rows.map((r) => Number(r.a)),
      );
      const needs = itemPushNeeds(items);
      const [channels, copies, devices] = await Promise.all([
        channelsByIds(ctx, needs.channelIds),
        couponCopies(ctx, needs.copyIds),
        devicesOfFollowers(
          ctx,
          rows.map((r) => Number(r.b)),
        ),
      ]);
      const batch = {
        kind: 'message' as const,
        items,
        channels,
        copies,
        publicUrl: ctx.config.publicUrl,
        now,
      };
      return rows.map((r) => {
        const followerId = Number(r.b);
        const deviceHash = devices.get(followerId) ?? null;
        return itemPush(batch, { id: Number(r.a), sub: followerId, attempts: r.attempts, deviceHash });
      });
    },
    settle: (rows, set) =>
      settlePushRows(
        ctx.db,
        'message_deliveries',
        rows.map((r) => r.key),
        set,
      ),

    renew: (rows, heldUntil, leaseUntil) =>
      renewPushRows(
        ctx.db,
        'message_deliveries',
        rows.map((r) => r.key),
        heldUntil,
        leaseUntil,
      ),
  };
}
