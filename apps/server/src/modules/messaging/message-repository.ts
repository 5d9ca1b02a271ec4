import { MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import { type Selectable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { dialectSql } from '../../db/dialect';
import { q } from '../../db/queryable';
import type { Database, MessagesTable } from '../../db/schema';
import { TEST_PART } from './test-part';

/**
 * The SQL of messages alone (`messages`): the operator's list, sending and publish finished. What
 * messages share with welcome messages is in item-rows.ts; the follower's side in inbox-repository.ts.
 */

export type MessageRow = Selectable<MessagesTable>;

/** A message's A/B test's winner's send as its answers count it (all null without one). */
export interface WinnerSendFigures {
  winner_status: number | null;
  winner_delivered: number | string | null;
  winner_capped: number | string | null;
}

/** A listed message with its A/B test's times and its winner's send (all null without them). */
export type ListedRow = MessageRow &
  WinnerSendFigures & {
    test_message_id: number | null;
    test_decide_at: number | null;
    test_decided_at: number | null;
  };

/**
 * One page of the channel's messages of one status (-1: all), newest first, each with its A/B
 * test's times read in the same query, and how many match.
 */
export async function listMessagePage(
  db: Db,
  f: { channelId: number; status: number; offset: number; limit: number },
): Promise<{ rows: ListedRow[]; total: number }> {
  // A test's variants and winner's send are parts of their message, never listed on their own.
  let base = q(db)
    .selectFrom('messages')
    .where('messages.channel_id', '=', f.channelId)
    .where('messages.test_of', 'is', null);
  if (f.status !== -1) base = base.where('messages.status', '=', f.status);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('message_tests as t', 't.message_id', 'messages.id')
      .leftJoin('messages as w', (join) =>
        join.onRef('w.test_of', '=', 'messages.id').on('w.test_part', '=', TEST_PART.winner),
      )
      .selectAll('messages')
      .select([
        't.message_id as test_message_id',
        't.decide_at as test_decide_at',
        't.decided_at as test_decided_at',
        'w.status as winner_status',
        'w.delivered_count as winner_delivered',
        'w.capped_count as winner_capped',
      ])
      .orderBy('messages.id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/**
 * The winner's sends of these messages' A/B tests, by message id (one read by the partial unique
 * index `messages_test_winner`); a message without one is not in the map.
 */
export async function winnerSendsOf(db: Db, ids: readonly number[]): Promise<Map<number, WinnerSendFigures>> {
  if (ids.length === 0) return new Map();
  const rows = await q(db)
    .selectFrom('messages')
    .select([
      'test_of',
      'status as winner_status',
      'delivered_count as winner_delivered',
      'capped_count as winner_capped',
    ])
    .where('test_of', 'in', [...ids])
    .where('test_part', '=', TEST_PART.winner)
    .execute();
  return new Map(rows.map(({ test_of, ...w }) => [Number(test_of), w]));
}

/** How many reserved messages of the channel use each of these send lists. */
export async function reservedBySendlist(
  db: Db,
  channelId: number,
  sendlistIds: readonly number[],
  trx?: Transaction<Database>,
): Promise<Array<{ id: number; count: number }>> {
  const rows = await q(db, trx)
    .selectFrom('messages')
    .select((eb) => ['sendlist_id', eb.fn.countAll<number | string>().as('n')])
    .where('channel_id', '=', channelId)
    .where('status', '=', MESSAGE_STATUSES.reserved)
    .where('sendlist_id', 'in', [...sendlistIds])
    .groupBy('sendlist_id')
    .execute();
  return rows.map((r) => ({ id: Number(r.sendlist_id), count: Number(r.n) }));
}

// Delivery (deliver.ts)

/**
 * Claims the reserved message due first (send_at at or before `now`) by one atomic update
 * (`rest_pending`, `sent_at`; it stays reserved until its rest is written), inside `trx`: on PostgreSQL the candidate is locked with SKIP LOCKED, so processes claiming
 * at once take different messages and none waits; SQLite runs one write transaction at a time.
 * Undefined when none is due.
 */
export function claimDueMessage(
  db: Db,
  now: number,
  skip: readonly number[],
  trx: Transaction<Database>,
): Promise<MessageRow | undefined> {
  return q(db, trx)
    .updateTable('messages')
    .set({ sent_at: now, updated_at: now, rest_pending: 1 })
    .where('status', '=', MESSAGE_STATUSES.reserved)
    .where('rest_pending', '=', 0)
    .where('id', '=', (eb) => {
      let due = eb
        .selectFrom('messages')
        .select('id')
        .where('status', '=', MESSAGE_STATUSES.reserved)
        .where('rest_pending', '=', 0)
        .where('send_at', '<=', now)
        .orderBy('send_at')
        .orderBy('id')
        .limit(1);
      if (skip.length > 0) due = due.where('id', 'not in', [...skip]);
      return dialectSql(db.dialect).rowLocks ? due.forUpdate().skipLocked() : due;
    })
    .returningAll()
    .executeTakeFirst();
}

/** Whether a reserved message is due (a cheap look before a write transaction is opened). */
export async function anyDue(db: Db, now: number, skip: readonly number[] = []): Promise<boolean> {
  let query = q(db)
    .selectFrom('messages')
    .select('id')
    .where('status', '=', MESSAGE_STATUSES.reserved)
    .where('rest_pending', '=', 0)
    .where('send_at', '<=', now);
  if (skip.length > 0) query = query.where('id', 'not in', [...skip]);
  const row = await query.limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims a claimed message whose deliveries to the rest of its audience are still to be written
 * (`rest_pending`), inside `trx`: on PostgreSQL locked with SKIP LOCKED, so two processes never
 * write the same rest. Undefined when none is left.
 */
export function claimRestPending(
  db: Db,
  skip: readonly number[],
  trx: Transaction<Database>,
): Promise<MessageRow | undefined> {
  let query = q(db, trx).selectFrom('messages').selectAll().where('rest_pending', '=', 1);
  if (skip.length > 0) query = query.where('id', 'not in', [...skip]);
  query = query.orderBy('id').limit(1);
  return (dialectSql(db.dialect).rowLocks ? query.forUpdate().skipLocked() : query).executeTakeFirst();
}

/** Whether a claimed message waits for the rest of its deliveries (a cheap look before a write transaction). */
export async function anyRestPending(db: Db, skip: readonly number[] = []): Promise<boolean> {
  let query = q(db).selectFrom('messages').select('id').where('rest_pending', '=', 1);
  if (skip.length > 0) query = query.where('id', 'not in', [...skip]);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

/**
 * The claim's part: how many it reached, and the filter and frequency cap the message goes out with
 * (the rest keeps to them).
 */
export async function recordClaimed(
  db: Db,
  id: number,
  part: { count: number; filter: string | null; cap: number | null },
  trx: Transaction<Database>,
): Promise<void> {
  await q(db, trx)
    .updateTable('messages')
    .set({ delivered_count: part.count, sendlist_filter: part.filter, send_cap: part.cap })
    .where('id', '=', id)
    .execute();
}

/**
 * The rest's part: the message is sent, to `rest` more followers than its claim reached, and the cap
 * left out `capped` of its audience (the whole figure, written once: it is not added to).
 */
export async function recordSent(
  db: Db,
  id: number,
  part: { rest: number; capped: number },
  trx: Transaction<Database>,
): Promise<void> {
  await q(db, trx)
    .updateTable('messages')
    .set((eb) => ({
      status: MESSAGE_STATUSES.sent,
      rest_pending: 0,
      delivered_count: eb(eb.fn.coalesce('delivered_count', sql.lit(0)), '+', part.rest),
      capped_count: part.capped,
    }))
    .where('id', '=', id)
    .execute();
}

/** Sent messages with a coupon copy (publish finished follows the coupon's end). */
export function sentWithCoupons(db: Db): Promise<Array<{ id: number; coupon_copy_id: number | null }>> {
  return q(db)
    .selectFrom('messages')
    .select(['id', 'coupon_copy_id'])
    .where('status', '=', MESSAGE_STATUSES.sent)
    .where('coupon_copy_id', 'is not', null)
    .execute();
}

/** Sent messages without a coupon, sent before `before` (Unix ms), and these `ids`: publish finished. */
export async function finishMessages(db: Db, f: { before: number; ids: readonly number[] }): Promise<number> {
  const result = await q(db)
    .updateTable('messages')
    .set({ status: MESSAGE_STATUSES.finished })
    .where('status', '=', MESSAGE_STATUSES.sent)
    .where((eb) =>
      eb.or([
        eb.and([eb('coupon_copy_id', 'is', null), eb('sent_at', '<', f.before)]),
        ...(f.ids.length > 0 ? [eb('id', 'in', [...f.ids])] : []),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The channel of a message. */
export async function channelOfMessage(db: Db, id: number): Promise<number | undefined> {
  const row = await q(db).selectFrom('messages').select('channel_id').where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : Number(row.channel_id);
}
