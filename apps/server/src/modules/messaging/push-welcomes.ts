import type { AppContext } from '../../platform/context';
import { channelsByIds } from '../channels/lookup';
import { couponCopies } from '../coupons/lookup';
import { pushService } from '../push/lookup';
import type { PushQueue } from './claimed-push';
import { itemPush, itemPushNeeds } from './item-push';
import { pushedRows } from './item-rows';
import { claimDuePushRows, renewPushRows, settlePushRows } from './push-claims';
import { drainPushQueue } from './push-queue';
import { endedFollowDeliveries } from './welcome-repository';

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
      const items = await pushedRows(
        ctx.db,
        'welcome_messages',
        keys.map((k) => k.welcomeId),
      );
      const needs = itemPushNeeds(items);
      const [channels, copies, ended] = await Promise.all([
        channelsByIds(ctx, needs.channelIds),
        couponCopies(ctx, needs.copyIds),
        endedFollowDeliveries(ctx.db, keys),
      ]);
      const batch = {
        kind: 'welcome' as const,
        items,
        channels,
        copies,
        publicUrl: ctx.config.publicUrl,
        now,
      };
      return rows.map((r, i) => {
        const { welcomeId: id, deviceHash } = keys[i] as { welcomeId: number; deviceHash: string };
        const gone = ended.has(`${id}:${deviceHash}`);
        return itemPush(batch, { id, sub: deviceHash, attempts: r.attempts, deviceHash, gone });
      });
    },
    settle: (rows, set) =>
      settlePushRows(
        ctx.db,
        'welcome_deliveries',
        rows.map((r) => r.key),
        set,
      ),

    renew: (rows, heldUntil, leaseUntil) =>
      renewPushRows(
        ctx.db,
        'welcome_deliveries',
        rows.map((r) => r.key),
        heldUntil,
        leaseUntil,
      ),
  };
}
