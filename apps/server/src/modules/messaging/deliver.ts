import type { TagFilter } from '@qrqr/shared/tag-filter';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { waitingForWriteLock } from '../../db/write-lock-wait';
import type { AppContext } from '../../platform/core/context';
import { ALL_FOLLOWERS, sendlistOf } from '../sendlists/lookup';
import { findTest } from './ab-test-repository';
import { decideDueTests } from './decide-test';
import { claimTest, completeTest, narrowOf } from './deliver-test';
import { holdIfAsked } from './delivery-hold';
import { capOfChannel } from './frequency-cap';
import {
  anyDue,
  anyRestPending,
  claimDueMessage,
  claimRestPending,
  type MessageRow,
  recordClaimed,
  recordSent,
} from './message-repository';
import { targetOf, writeDeliveries } from './write-deliveries';

/**
 * The delivery of reserved messages, exactly once whatever crashes, in two steps so that pushes do
 * not wait for a whole audience to be written. Every server process sweeps once a second (and at
 * once when a message is reserved to go now):
 * 1. `claimDue`: each due message is claimed by one atomic update (`rest_pending`, `sent_at`; on
 *    PostgreSQL the candidate row FOR UPDATE SKIP LOCKED, so processes take different messages),
 *    its send list resolved once, and the deliveries of the followers whose device has a push
 *    subscription written by one `INSERT … SELECT`, in the claim's transaction. Their pushes can go.
 * 2. `deliverRest`: in a transaction of its own, the deliveries of the rest of the audience (the
 *    same filter, kept on the message) by one `INSERT … SELECT` of the followers without one yet;
 *    only then is the message sent (status and `delivered_count`), so the operator never sees a
 *    sent message with part of its audience. Meanwhile it cannot be cancelled (cancel-messages.ts).
 * A process that dies in a step leaves nothing of it (the transaction rolls back); after step 1 any
 * process's next sweep does step 2. The primary key (message, follower) refuses a second row.
 * With the channel's frequency cap on (frequency-cap.ts; the claim reads it and keeps it on the
 * message, `send_cap`), both steps leave out the followers who reached it, and step 2 counts every
 * follower of the audience still without a delivery who reached it: those the claim left out
 * included, so the count (`capped_count`, `points.delivered`'s `capped`) is written once, by the
 * step that makes the message sent, and a retried step can never add it twice.
 * A message with an A/B test is split in its claim and each group gets its variant (deliver-test.ts);
 * the winner's send is a due message like any other, to the audience less the test's groups.
 */
export async function deliverDue(ctx: AppContext, now: () => number = Date.now): Promise<number> {
  // A test whose waiting time ended makes its winner's send due first (decide-test.ts).
  await decideDueTests(ctx, now);
  const sent = await claimDue(ctx, now);
  await deliverRest(ctx);
  return sent;
}

/** Step 1 for every due message; returns how many were claimed. */
export function claimDue(ctx: AppContext, now: () => number = Date.now): Promise<number> {
  return inTurns(ctx, 'claim', (skip, started) => claimOne(ctx, now, skip, started));
}

/** Step 2 for every sent message that waits for it; returns how many were completed. */
export function deliverRest(ctx: AppContext): Promise<number> {
  return inTurns(ctx, 'rest', (skip, started) => completeOne(ctx, skip, started));
}

/** Connections a PostgreSQL process uses for sends at once (the pool has 10). */
const PARALLEL_SENDS = 4;

type Step = (skip: readonly number[], started: (messageId: number) => void) => Promise<boolean>;

/**
 * Runs `step` until it finds nothing left. PostgreSQL runs several side by side (SKIP LOCKED gives
 * each another message); SQLite has one writer, so one. A message whose step fails (its transaction
 * rolled back) is passed over for the rest of this sweep and tried again at the next, so it cannot
 * hold up the messages after it.
 */
async function inTurns(ctx: AppContext, part: 'claim' | 'rest', step: Step): Promise<number> {
  const loops = ctx.db.dialect === 'postgres' ? PARALLEL_SENDS : 1;
  const failed: number[] = [];
  const loop = async () => {
    let done = 0;
    for (;;) {
      let current: number | undefined;
      // A message being worked is passed over from its start. Another loop may still take it: its
      // claim was built before the start was noted, and ran once the failed step had rolled back
      // and freed the row. Found tried when it starts, it is rolled back here too.
      const started = (id: number) => {
        if (failed.includes(id)) throw new TriedThisSweep();
        current = id;
        failed.push(id);
      };
      try {
        if (!(await step(failed, started))) return done;
        if (current !== undefined) failed.splice(failed.indexOf(current), 1);
        done++;
        ctx.metrics.deliveries.inc({ part, outcome: 'done' });
      } catch (err) {
        if (err instanceof TriedThisSweep) continue;
        if (current === undefined) throw err;
        ctx.metrics.deliveries.inc({ part, outcome: 'failed' });
        ctx.log.error({ err, message: current }, 'message delivery failed; retried at the next sweep');
      }
    }
  };
  const counts = await Promise.all(Array.from({ length: loops }, loop));
  return counts.reduce((a, b) => a + b, 0);
}

/** Thrown inside a step's transaction when its message was already tried by this sweep. */
class TriedThisSweep extends Error {}

async function claimOne(
  ctx: AppContext,
  now: () => number,
  skip: readonly number[],
  started: (id: number) => void,
): Promise<boolean> {
  // A cheap read first: most sweeps find nothing and should not take SQLite's write lock.
  if (!(await anyDue(ctx.db, now(), skip))) return false;
  // The claim waits while another connection keeps SQLite's write lock (write-lock-wait.ts):
  // BEGIN IMMEDIATE is refused before anything of the transaction has run.
  return waitingForWriteLock(() =>
    ctx.db.kysely.transaction().execute(async (trx) => {
      const at = now();
      const message = await claimDueMessage(ctx.db, at, skip, trx);
      if (!message) return false;
      started(Number(message.id));
      const filter = await filterOf(ctx, message, trx);
      const cap = await capOfChannel(ctx, Number(message.channel_id), trx);
      const test = await findTest(ctx.db, Number(message.id), trx);
      const count = test
        ? await claimTest(ctx, message, test, filter, cap, trx)
        : (await writeDeliveries(ctx, targetOf(message), filter, 'subscribed', cap, trx, narrowOf(message)))
            .count;
      const kept = message.sendlist_id === null ? null : JSON.stringify(filter);
      await recordClaimed(ctx.db, Number(message.id), { count, filter: kept, cap }, trx);
      await holdIfAsked(ctx, Number(message.id), 'claim', count);
      return true;
    }),
  );
}

async function completeOne(
  ctx: AppContext,
  skip: readonly number[],
  started: (id: number) => void,
): Promise<boolean> {
  if (!(await anyRestPending(ctx.db, skip))) return false;
  return waitingForWriteLock(() =>
    ctx.db.kysely.transaction().execute(async (trx) => {
      const message = await claimRestPending(ctx.db, skip, trx);
      if (!message) return false;
      started(Number(message.id));
      // The filter the claim resolved: the send list is read once per send.
      const filter = message.sendlist_filter
        ? (JSON.parse(message.sendlist_filter) as TagFilter)
        : ALL_FOLLOWERS;
      const cap = message.send_cap === null ? null : Number(message.send_cap);
      const test = await findTest(ctx.db, Number(message.id), trx);
      const { count, capped } = test
        ? await completeTest(ctx, message, filter, cap, trx)
        : await writeDeliveries(ctx, targetOf(message), filter, 'rest', cap, trx, narrowOf(message));
      await recordSent(ctx.db, Number(message.id), { rest: count, capped }, trx);
      await holdIfAsked(ctx, Number(message.id), 'rest', count);
      return true;
    }),
  );
}

/** The filter a message goes out with: its list as it is now, as it was reserved when deleted since, or everyone. */
async function filterOf(
  ctx: AppContext,
  message: MessageRow,
  trx: Transaction<Database>,
): Promise<TagFilter> {
  if (message.sendlist_id === null) return ALL_FOLLOWERS;
  const list = await sendlistOf(ctx, Number(message.channel_id), Number(message.sendlist_id), trx);
  if (list) return list.filter;
  return message.sendlist_filter ? (JSON.parse(message.sendlist_filter) as TagFilter) : ALL_FOLLOWERS;
}
