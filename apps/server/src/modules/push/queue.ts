import type { PushPayload } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { points } from '../../platform/extension-points';
import type { PushOptions } from './sender';
import type { DevicePushResult, PushService } from './service';

/** Push states of a delivery row (`push_state`). */
export const PUSH_STATES = { pending: 0, accepted: 1, gone: 2, failed: 3 } as const;

/** A claimed delivery as its module describes it to the queue. */
export interface ClaimedPush {
  /** The row, for the module's own settle. */
  key: { id: number; sub: number | string };
  attempts: number;
  channelId: number;
  messageId: number | null;
  welcomeMessageId: number | null;
  /** Null when the follow is gone, or the message no longer to be pushed: settled gone. */
  deviceHash: string | null;
  payload: PushPayload | null;
  /** Null when the coupon has ended meanwhile: settled failed. */
  options: PushOptions | null;
  /** Set while the channel's quiet hours last: the row waits until then. */
  quietUntil: number | null;
}

/** What to write on a group of claimed rows: a final state, or the time to try again. */
export type PushSettle = { state: number } | { dueAt: number; countAttempt: boolean };

/** Deliveries whose push state lives on their rows (message_deliveries, welcome_deliveries). */
export interface PushQueue {
  /** Moves up to `limit` due pending rows' due time to `leaseUntil` (atomically) and describes them. */
  claim(now: number, leaseUntil: number, limit: number): Promise<ClaimedPush[]>;
  settle(rows: readonly ClaimedPush[], set: PushSettle): Promise<void>;
  /** Moves the lease of these rows, where still pending under `heldUntil`, to `leaseUntil`. */
  renew(rows: readonly ClaimedPush[], heldUntil: number, leaseUntil: number): Promise<void>;
}

const MINUTE = 60_000;

/**
 * Works a push queue until nothing is due: claims a batch (its rows leased, so a process that
 * dies leaves them to be claimed again after the lease), pushes, and writes each row's state.
 * An accepted row is never claimed again (its state is no longer pending).
 */
export async function drainPushQueue(
  ctx: AppContext,
  service: PushService,
  queue: PushQueue,
  now: () => number = Date.now,
  /** True while work that goes first runs (a message's sending): no new batch is claimed then. */
  paused: () => boolean = () => false,
): Promise<number> {
  const batch = Math.max(10, ctx.config.PUSH_CONCURRENCY_PER_ORIGIN * 5);
  let handled = 0;
  // Two lanes: one claims and prepares the next batch while the other's last answers come in, so
  // the limiter never runs dry at a batch's end.
  const lane = async () => {
    while (!paused()) {
      const at = now();
      const rows = await queue.claim(at, at + LEASE_MS, batch);
      if (rows.length === 0) return;
      handled += rows.length;
      const lease = keepLeased(ctx, queue, rows, at + LEASE_MS, now);
      try {
        await pushBatch(ctx, service, queue, rows, now);
      } finally {
        await lease.stop();
      }
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return handled;
}

const LANES = 2;

/**
 * A claim lasts this long unless renewed: the rows of a process that died are pushed by another
 * within it. Short, and renewed every RENEW_MS while the batch is worked, however long its pushes
 * wait behind the limiter or time out; a lease sized for the worst batch (~105 s) held a killed
 * process's rows that long.
 */
export const LEASE_MS = 20_000;
const RENEW_MS = 5_000;

/** Renews the batch's lease every RENEW_MS until stopped (rows settled meanwhile keep their state). */
function keepLeased(
  ctx: AppContext,
  queue: PushQueue,
  rows: readonly ClaimedPush[],
  leasedUntil: number,
  now: () => number,
): { stop(): Promise<void> } {
  let held = leasedUntil;
  let renewing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    renewing = renewing.then(async () => {
      const next = now() + LEASE_MS;
      try {
        await queue.renew(rows, held, next);
        held = next;
      } catch (err) {
        // The lease still runs until `held`: the next renewal tries again.
        ctx.log.warn({ err }, 'push lease not renewed');
      }
    });
  }, RENEW_MS);
  return {
    stop() {
      clearInterval(timer);
      return renewing;
    },
  };
}

async function pushBatch(
  ctx: AppContext,
  service: PushService,
  queue: PushQueue,
  rows: readonly ClaimedPush[],
  now: () => number,
): Promise<void> {
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
    const seconds = Math.floor(now() / 1000);
    for (const { row, count } of countByItem(written).values())
      await ctx.registry.emit(points.pushAccepted, { ...eventOf(row, seconds), count });
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
  const seconds = Math.floor(now() / 1000);
  for (const { row, count } of reachable.values())
    await ctx.registry.emit(points.pushReachable, { ...eventOf(row, seconds), count });
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
