import type { PushPayload } from '@qrqr/shared/push-schemas';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import type { DevicePushResult, PushOptions, PushService } from '../push/lookup';
import { type ClaimedPush, PUSH_STATES, type PushQueue, type PushSettle } from './claimed-push';

const MINUTE = 60_000;

/**
 * One claimed batch pushed: rows that need no request settled at once (quiet hours, gone, coupon
 * ended), the rest sent side by side and their outcomes written in small groups as answers land;
 * accepted and reachable pushes told per item (`points.pushAccepted`, `points.pushReachable`).
 * Answers how many pushes it sent (the measured push rate counts those).
 */
export async function pushBatch(
  ctx: AppContext,
  service: PushService,
  queue: PushQueue,
  rows: readonly ClaimedPush[],
  now: () => number,
): Promise<number> {
  // Rows that need no request are written in groups; each push's outcome is written within
  // SETTLE_MS of its answer, so a crash can only repeat the pushes in flight or answered then.
  const groups = new Map<string, { set: PushSettle; rows: ClaimedPush[] }>();
  const later = (row: ClaimedPush, set: PushSettle) => {
    const key = settleKey(set);
    const group = groups.get(key) ?? { set, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  };
  const sendable: ClaimedPush[] = [];
  for (const row of rows) {
    if (row.quietUntil !== null) later(row, { dueAt: row.quietUntil, countAttempt: false });
    else if (!row.deviceHash || !row.payload) later(row, { state: PUSH_STATES.gone });
    else if (!row.options) later(row, { state: PUSH_STATES.failed });
    else sendable.push(row);
  }
  for (const { set, rows: group } of groups.values()) await queue.settle(group, set);

  const reachable = new Map<string, { row: ClaimedPush; count: number }>();
  // Accepted pushes are counted per item once their outcomes are written, not one event a push:
  // the count is a write of its own (two upserts for chanalytics).
  const settler = new Settler(queue, async (written, set) => {
    if (!('state' in set) || set.state !== PUSH_STATES.accepted) return;
    const at = now();
    for (const { row, count } of countByItem(written).values())
      await ctx.registry.emit(points.pushAccepted, { ...eventOf(row, at), count });
  });
  await service.pushToDevices(
    sendable.map((r) => ({
      deviceHash: r.deviceHash as string,
      payload: r.payload as PushPayload,
      options: r.options as PushOptions,
    })),
    async (index, result) => {
      const row = sendable[index] as ClaimedPush;
      if (result.kind !== 'none' && row.attempts === 0) {
        const key = itemKey(row);
        const entry = reachable.get(key) ?? { row, count: 0 };
        entry.count++;
        reachable.set(key, entry);
      }
      await settler.add(row, outcome(ctx, row, result, now()));
    },
  );
  const at = now();
  for (const { row, count } of reachable.values())
    await ctx.registry.emit(points.pushReachable, { ...eventOf(row, at), count });
  return sendable.length;
}

/**
 * How long an answered push waits for others to be written with it (one statement for many).
 * Each statement is a commit of its own (~0.5 ms of CPU on SQLite, bench:push): at 20 ms a 10,000
 * recipient sweep made ~310 of them, at 50 ms ~155.
 */
const SETTLE_MS = 50;

/** Outcomes written by one statement share this key. */
const settleKey = (set: PushSettle) =>
  'state' in set ? `s${set.state}` : `d${set.dueAt}${set.countAttempt ? '+' : ''}`;

/** Writes outcomes in small groups: one UPDATE per outcome and message every SETTLE_MS. */
class Settler {
  private groups = new Map<string, { set: PushSettle; rows: ClaimedPush[] }>();
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly queue: PushQueue,
    /** Told each group once it is written. */
    private readonly written: (rows: readonly ClaimedPush[], set: PushSettle) => Promise<void>,
  ) {}

  add(row: ClaimedPush, set: PushSettle): Promise<void> {
    const key = settleKey(set);
    const group = this.groups.get(key) ?? { set, rows: [] };
    group.rows.push(row);
    this.groups.set(key, group);
    this.flushing ??= new Promise<void>((resolve) => setTimeout(resolve, SETTLE_MS)).then(async () => {
      const groups = [...this.groups.values()];
      this.groups = new Map();
      this.flushing = null;
      for (const g of groups) {
        await this.queue.settle(g.rows, g.set);
        await this.written(g.rows, g.set);
      }
    });
    return this.flushing;
  }
}

/** What to write on a row after its push: accepted, gone, failed, or when to try again. */
function outcome(ctx: AppContext, row: ClaimedPush, result: DevicePushResult, at: number): PushSettle {
  if (result.kind === 'accepted') return { state: PUSH_STATES.accepted };
  if (result.kind === 'none' || result.kind === 'gone') return { state: PUSH_STATES.gone };
  if (result.kind === 'failed' || row.attempts + 1 >= ctx.config.PUSH_MAX_ATTEMPTS)
    return { state: PUSH_STATES.failed };
  const wait = Math.min(result.afterMs ?? 30_000 * 2 ** row.attempts, 6 * 60 * MINUTE);
  // Rounded to the second, so rows answered together are written together.
  return { dueAt: Math.ceil((at + wait) / 1000) * 1000, countAttempt: true };
}

const itemKey = (row: ClaimedPush) => `${row.messageId}:${row.welcomeMessageId}`;

/** Rows by their item (message or welcome message), with how many each has. */
function countByItem(rows: readonly ClaimedPush[]): Map<string, { row: ClaimedPush; count: number }> {
  const byItem = new Map<string, { row: ClaimedPush; count: number }>();
  for (const row of rows) {
    const entry = byItem.get(itemKey(row)) ?? { row, count: 0 };
    entry.count++;
    byItem.set(itemKey(row), entry);
  }
  return byItem;
}

function eventOf(row: ClaimedPush, at: number) {
  return { channelId: row.channelId, messageId: row.messageId, welcomeMessageId: row.welcomeMessageId, at };
}
