import type { TagFilter } from '@qrqr/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { waitingForWriteLock } from '../../db/write-lock-wait';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import { ALL_FOLLOWERS, audienceQuery, sendlistOf } from '../sendlists/lookup';
import { anyDue, claimDueMessage, type MessageRow, setDeliveredCount } from './message-repository';
import { pushStateOnDelivery } from './push-entry';

/**
 * The delivery of reserved messages, exactly once whatever crashes. Every server process sweeps once a second (and at
 * once when a message is reserved to go now): each due message is claimed by one atomic update
 * (reserved → sent; on PostgreSQL the candidate row FOR UPDATE SKIP LOCKED, so processes take
 * different messages), its send list resolved once with the send lists' audience query, and one
 * delivery row per (message, follower) written by ONE `INSERT … SELECT` under the primary key, in
 * the same transaction as the claim. A process that dies at any point leaves nothing (the
 * transaction rolls back: the message is still reserved and the next sweep of any process sends
 * it) or everything (committed). No lease, no row written one at a time.
 */
export async function deliverDue(ctx: AppContext, now: () => number = Date.now): Promise<number> {
  // PostgreSQL sends several messages side by side (SKIP LOCKED gives each loop another message);
  // SQLite has one writer, so one loop.
  const loops = ctx.db.dialect === 'postgres' ? PARALLEL_SENDS : 1;
  const failed: number[] = [];
  const counts = await Promise.all(Array.from({ length: loops }, () => sendLoop(ctx, now, failed)));
  return counts.reduce((a, b) => a + b, 0);
}

/** Connections a PostgreSQL process uses for sends at once (the pool has 10). */
const PARALLEL_SENDS = 4;

async function sendLoop(ctx: AppContext, now: () => number, failed: number[]): Promise<number> {
  let sent = 0;
  // A message whose send fails (its transaction rolled back) is passed over for the rest of this
  // sweep (`failed`) and tried again at the next, so it cannot hold up the messages due after it.
  // A cheap read first: most sweeps find nothing and should not take SQLite's write lock.
  while (await anyDue(ctx.db, now(), failed)) {
    let current: number | undefined;
    try {
      // The claim waits while another connection keeps SQLite's write lock (write-lock-wait.ts):
      // BEGIN IMMEDIATE is refused before anything of the transaction has run.
      const claimed = await waitingForWriteLock(() =>
        ctx.db.kysely.transaction().execute(async (trx) => {
          const at = now();
          const message = await claimDueMessage(ctx.db, at, failed, trx);
          if (!message) return false;
          current = Number(message.id);
          const count = await fanOut(ctx, message, at, trx);
          const hold = ctx.config.DELIVERY_HOLD_MS;
          if (hold > 0) {
            ctx.log.warn(
              { message: current, deliveries: count },
              'delivery written, held before commit (DELIVERY_HOLD_MS)',
            );
            await new Promise((resolve) => setTimeout(resolve, hold));
          }
          return true;
        }),
      );
      if (!claimed) break;
      sent++;
    } catch (err) {
      if (current === undefined) throw err;
      ctx.log.error({ err, message: current }, 'message delivery failed; retried at the next sweep');
      failed.push(current);
    }
  }
  return sent;
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

/**
 * Writes every delivery of the message in one statement; returns how many. Only the deliveries of
 * subscribed devices enter the push queue (push-entry.ts).
 */
async function fanOut(ctx: AppContext, message: MessageRow, at: number, trx: Transaction<Database>) {
  const id = Number(message.id);
  const filter = await filterOf(ctx, message, trx);
  const audience = audienceQuery(ctx.db, Number(message.channel_id), filter, trx).select((eb) => [
    sql.lit(id).as('message_id'),
    sql.lit(at).as('delivered_at'),
    pushStateOnDelivery(ctx.db, eb.ref('f.device_hash'), trx).as('push_state'),
  ]);
  // No ON CONFLICT: the message has just moved from reserved to sent in this transaction, so no
  // delivery of it can exist yet, and a plain insert skips PostgreSQL's speculative insertion per
  // row (a sixth of the fan-out, bench:fanout). Were a row there, the primary key would refuse the
  // whole send (rolled back, retried at the next sweep) rather than write anything twice.
  const result = await trx
    .insertInto('message_deliveries')
    .columns(['follower_id', 'message_id', 'delivered_at', 'push_state'])
    .expression(audience)
    .executeTakeFirst();
  const count = Number(result.numInsertedOrUpdatedRows ?? 0);
  await setDeliveredCount(ctx.db, id, count, trx);
  await ctx.registry.emit(points.delivered, {
    channelId: Number(message.channel_id),
    messageId: id,
    welcomeMessageId: null,
    at,
    count,
    trx,
  });
  return count;
}
