import { performance } from 'node:perf_hooks';
import type { AppContext } from '../../platform/core/context';
import type { PushService } from '../push/lookup';
import type { ClaimedPush, PushQueue } from './claimed-push';
import { pushBatch } from './push-batch';

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
  /** True while work that goes first runs (messages being claimed): no new batch is claimed then. */
  paused: () => boolean = () => false,
  /** Told the pushes sent and the real milliseconds from the first claim to the last batch's end. */
  measured?: (pushes: number, elapsedMs: number) => Promise<void>,
): Promise<number> {
  const batch = Math.max(10, ctx.config.PUSH_CONCURRENCY_PER_ORIGIN * 5);
  let handled = 0;
  let sent = 0;
  // Real time, whatever clock decides what is due (tests run the sweep at a later `now`).
  let first: number | null = null;
  let last = 0;
  // Two lanes: one claims and prepares the next batch while the other's last answers come in, so
  // the limiter never runs dry at a batch's end.
  const lane = async () => {
    while (!paused()) {
      const at = now();
      const rows = await queue.claim(at, at + LEASE_MS, batch);
      if (rows.length === 0) return;
      handled += rows.length;
      first ??= performance.now();
      const lease = keepLeased(ctx, queue, rows, at + LEASE_MS, now);
      try {
        // Added after the await: `sent += await …` reads `sent` before it, and the other lane's
        // batch finishing meanwhile would be lost.
        const pushed = await pushBatch(ctx, service, queue, rows, now);
        sent += pushed;
      } finally {
        await lease.stop();
        last = performance.now();
      }
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  if (measured && first !== null && sent > 0) await measured(sent, last - first);
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
