import type { AppContext } from '../../platform/core/context';
import { channelsByIds } from '../channels/lookup';
import { couponCopies } from '../coupons/lookup';
import { devicesOfFollowers } from '../followers/lookup';
import { pushService } from '../push/lookup';
import { type ClaimedPush, PUSH_STATES, type PushQueue, type PushSettle } from './claimed-push';
import { itemPush, itemPushNeeds, type PushedItem } from './item-push';
import { pushedRows } from './item-rows';
import { ITEM_KINDS, ITEMS, type ItemKind } from './items';
import { type ClaimedRow, claimDuePushRows, renewPushRows, settlePushRows } from './push-claims';
import { drainPushQueue } from './push-queue';
import { recordPushRate } from './push-rate';

/**
 * The push of every delivery, of a sent message or of a welcome message, as durable
 * work on the delivery rows themselves (`push_state`, `push_due_at`): each process sweeps them,
 * claims batches atomically with a lease, and writes each row's outcome, so a restart resumes and
 * an accepted row is never pushed again. The inbox already holds the item; quiet hours only move
 * the push. One sweep for both kinds (items.ts), welcome deliveries claimed first. A delivery
 * whose follow ended before its push is not pushed (no device: settled gone). Each sweep's
 * throughput is kept for the editor's projected finish (push-rate.ts).
 */
export function pushDueDeliveries(
  ctx: AppContext,
  now: () => number = Date.now,
  /** True while due messages are claimed: the claims go first. */
  paused: () => boolean = () => false,
): Promise<number> {
  return drainPushQueue(
    ctx,
    pushService(ctx),
    deliveryPushQueue(ctx),
    now,
    paused,
    async (pushes, elapsedMs) => {
      // The editor's projected finish reads it; a sweep never fails for want of its sample.
      try {
        await recordPushRate(ctx.db, { pushes, elapsedMs, at: Date.now() });
      } catch (err) {
        ctx.log.warn({ err }, 'push rate not recorded');
      }
    },
  );
}

type Claimed = ClaimedRow & { kind: ItemKind };

function deliveryPushQueue(ctx: AppContext): PushQueue {
  return {
    async claim(now, leaseUntil, limit) {
      const claimed: Claimed[] = [];
      for (const kind of ITEM_KINDS) {
        if (claimed.length >= limit) break;
        const rows = await claimDuePushRows(ctx.db, kind, now, leaseUntil, limit - claimed.length);
        for (const r of rows) claimed.push({ ...r, kind });
      }
      return claimed.length === 0 ? [] : describe(ctx, claimed, now);
    },
    settle: async (rows, set) => {
      await byKind(rows, (kind, keys) => settlePushRows(ctx.db, kind, keys, set));
      ctx.metrics.pushes.inc({ outcome: pushOutcome(set) }, rows.length);
    },
    renew: (rows, heldUntil, leaseUntil) =>
      byKind(rows, (kind, keys) => renewPushRows(ctx.db, kind, keys, heldUntil, leaseUntil)),
  };
}

/** The claimed rows as pushes: their items, channels, frozen coupons and devices, each read once. */
async function describe(ctx: AppContext, claimed: readonly Claimed[], now: number): Promise<ClaimedPush[]> {
  const loaded = await Promise.all(
    ITEM_KINDS.map((kind) =>
      pushedRows(
        ctx.db,
        ITEMS[kind].table,
        claimed.filter((r) => r.kind === kind).map((r) => Number(r.a)),
      ),
    ),
  );
  const items = new Map<ItemKind, ReadonlyMap<number, PushedItem>>(
    ITEM_KINDS.map((kind, i) => [kind, loaded[i] ?? new Map()]),
  );
  const needs = itemPushNeeds(items);
  const [channels, copies, devices] = await Promise.all([
    channelsByIds(ctx, needs.channelIds),
    couponCopies(ctx, needs.copyIds),
    devicesOfFollowers(
      ctx,
      claimed.flatMap((r) => (r.followerId === null ? [] : [r.followerId])),
    ),
  ]);
  const batch = { items, channels, copies, publicUrl: ctx.config.publicUrl, now };
  return claimed.map((r) =>
    itemPush(batch, {
      kind: r.kind,
      id: Number(r.a),
      sub: r.b,
      attempts: r.attempts,
      deviceHash: r.followerId === null ? null : (devices.get(r.followerId) ?? null),
    }),
  );
}

/** The /metrics label of a settled push: its final state, or why it waits. */
function pushOutcome(set: PushSettle): string {
  if (!('state' in set)) return set.countAttempt ? 'retry' : 'deferred';
  if (set.state === PUSH_STATES.accepted) return 'accepted';
  if (set.state === PUSH_STATES.gone) return 'gone';
  return 'failed';
}

/** Writes rows of each kind to that kind's deliveries. */
async function byKind(
  rows: readonly ClaimedPush[],
  write: (kind: ItemKind, keys: Array<{ id: number; sub: number | string }>) => Promise<void>,
): Promise<void> {
  for (const kind of ITEM_KINDS) {
    const keys = rows.filter((r) => r.key.kind === kind).map((r) => r.key);
    if (keys.length > 0) await write(kind, keys);
  }
}
