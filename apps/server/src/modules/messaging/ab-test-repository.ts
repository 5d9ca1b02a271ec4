import type { Insertable, Selectable, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { dialectSql } from '../../db/dialect';
import { q } from '../../db/queryable';
import type { Database, MessagesTable, MessageTestsTable } from '../../db/schema';
import type { MessageRow } from './message-repository';
import { TEST_PART } from './test-part';

/**
 * The SQL of A/B tests: a message's test row (`message_tests`), its other variants and its winner's
 * send (rows of `messages` with `test_of`), and its split (`message_test_members`).
 */

export type TestRow = Selectable<MessageTestsTable>;

const HOUR_MS = 3_600_000;

export function findTest(
  db: Db,
  messageId: number,
  trx?: Transaction<Database>,
): Promise<TestRow | undefined> {
  return q(db, trx)
    .selectFrom('message_tests')
    .selectAll()
    .where('message_id', '=', messageId)
    .executeTakeFirst();
}

/** The test rows of these messages, by message id. */
export async function testsOf(db: Db, ids: readonly number[]): Promise<Map<number, TestRow>> {
  if (ids.length === 0) return new Map();
  const rows = await q(db)
    .selectFrom('message_tests')
    .selectAll()
    .where('message_id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [Number(r.message_id), r]));
}

/** Variants B–D of a message, in order. */
export function variantRows(db: Db, messageId: number, trx?: Transaction<Database>): Promise<MessageRow[]> {
  return q(db, trx)
    .selectFrom('messages')
    .selectAll()
    .where('test_of', '=', messageId)
    .where('test_part', '=', TEST_PART.variant)
    .orderBy('variant')
    .execute();
}

/** A message's winner's send, if made. */
export function winnerRow(
  db: Db,
  messageId: number,
  trx?: Transaction<Database>,
): Promise<MessageRow | undefined> {
  return q(db, trx)
    .selectFrom('messages')
    .selectAll()
    .where('test_of', '=', messageId)
    .where('test_part', '=', TEST_PART.winner)
    .executeTakeFirst();
}

/** A message's variant rows and winner's send, locked until `trx` ends (PostgreSQL). */
export function lockTestParts(db: Db, channelId: number, messageId: number, trx: Transaction<Database>) {
  let query = q(db, trx)
    .selectFrom('messages')
    .select(['id', 'rest_pending'])
    .where('channel_id', '=', channelId)
    .where('test_of', '=', messageId);
  if (dialectSql(db.dialect).rowLocks) query = query.forUpdate();
  return query.execute();
}

/** A withdrawn test's parts become publish finished (a reserved winner's send is never claimed). */
export async function finishTestParts(db: Db, messageId: number, at: number, trx: Transaction<Database>) {
  await q(db, trx)
    .updateTable('messages')
    .set({ status: 3, updated_at: at })
    .where('test_of', '=', messageId)
    .where('status', 'in', [1, 2])
    .execute();
}

/** Writes a draft's test anew: its settings and variants B–D (whatever it had goes). */
export async function replaceTest(
  db: Db,
  test: Insertable<MessageTestsTable>,
  variants: ReadonlyArray<Insertable<MessagesTable>>,
  trx: Transaction<Database>,
): Promise<void> {
  await removeTest(db, Number(test.message_id), trx);
  await q(db, trx).insertInto('message_tests').values(test).execute();
  if (variants.length > 0)
    await q(db, trx)
      .insertInto('messages')
      .values([...variants])
      .execute();
}

/** A draft's test and its variants go. */
export async function removeTest(db: Db, messageId: number, trx: Transaction<Database>): Promise<void> {
  await q(db, trx).deleteFrom('messages').where('test_of', '=', messageId).execute();
  await q(db, trx).deleteFrom('message_tests').where('message_id', '=', messageId).execute();
}

/** The test's group size and decision time, written by its send's claim. */
export async function recordSplit(
  db: Db,
  messageId: number,
  split: { groupSize: number; decideAt: number },
  trx: Transaction<Database>,
): Promise<void> {
  await q(db, trx)
    .updateTable('message_tests')
    .set({ group_size: split.groupSize, decide_at: split.decideAt })
    .where('message_id', '=', messageId)
    .execute();
}

/**
 * The variants' send time, written by the claim that writes their first deliveries: every delivery
 * carries its message's send time (frequency-cap.ts and the inbox find them by it).
 */
export async function recordVariantsSentAt(
  db: Db,
  ids: readonly number[],
  sentAt: number,
  trx: Transaction<Database>,
): Promise<void> {
  if (ids.length === 0) return;
  await q(db, trx)
    .updateTable('messages')
    .set({ sent_at: sentAt })
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * The variants' rows as sent with their message: status, send time and each one's own figures
 * (`delivered_count`, `capped_count`), written by the send's second step.
 */
export async function recordVariantSent(
  db: Db,
  id: number,
  part: { sentAt: number; delivered: number; capped: number },
  trx: Transaction<Database>,
): Promise<void> {
  await q(db, trx)
    .updateTable('messages')
    .set({ status: 2, sent_at: part.sentAt, delivered_count: part.delivered, capped_count: part.capped })
    .where('id', '=', id)
    .execute();
}

/** The test due first for its decision at `now`, if any (a cheap look before a write transaction). */
export async function dueTest(db: Db, now: number, skip: readonly number[]): Promise<number | undefined> {
  let query = q(db)
    .selectFrom('message_tests as t')
    .innerJoin('messages as m', 'm.id', 't.message_id')
    .select('t.message_id')
    .where('t.decided_at', 'is', null)
    .where('t.decide_at', '<=', now)
    // Its send complete: every group has its variant.
    .where('m.rest_pending', '=', 0)
    .where('m.status', '=', 2)
    .orderBy('t.decide_at')
    .limit(1);
  if (skip.length > 0) query = query.where('t.message_id', 'not in', [...skip]);
  const row = await query.executeTakeFirst();
  return row === undefined ? undefined : Number(row.message_id);
}

/** The test of `messageId` while undecided, locked until `trx` ends (PostgreSQL). */
export function lockUndecided(
  db: Db,
  messageId: number,
  trx: Transaction<Database>,
  skipLocked = false,
): Promise<TestRow | undefined> {
  let query = q(db, trx)
    .selectFrom('message_tests')
    .selectAll()
    .where('message_id', '=', messageId)
    .where('decided_at', 'is', null);
  if (dialectSql(db.dialect).rowLocks)
    query = skipLocked ? query.forUpdate().skipLocked() : query.forUpdate();
  return query.executeTakeFirst();
}

/** The verdict, once: undefined when the test was decided meanwhile. */
export async function recordDecision(
  db: Db,
  messageId: number,
  d: {
    decidedAt: number;
    winner: number | null;
    decidedBy: string;
    verdict: string | null;
    winnerMessageId: number | null;
  },
  trx: Transaction<Database>,
): Promise<boolean> {
  const result = await q(db, trx)
    .updateTable('message_tests')
    .set({
      decided_at: d.decidedAt,
      winner: d.winner,
      decided_by: d.decidedBy,
      verdict: d.verdict,
      winner_message_id: d.winnerMessageId,
    })
    .where('message_id', '=', messageId)
    .where('decided_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Each group's size by variant (the split as stored). */
export async function groupSizes(
  db: Db,
  messageId: number,
  trx?: Transaction<Database>,
): Promise<Map<number, number>> {
  const rows = await q(db, trx)
    .selectFrom('message_test_members')
    .select((eb) => ['variant', eb.fn.countAll<number | string>().as('n')])
    .where('message_id', '=', messageId)
    .groupBy('variant')
    .execute();
  return new Map(rows.map((r) => [Number(r.variant), Number(r.n)]));
}

export interface PartFigures {
  delivered: number;
  opened: number;
  couponUsed: number;
}

/** Deliveries, opens and coupon users of each of these messages (a test's parts). */
export async function partFigures(
  db: Db,
  ids: readonly number[],
  trx?: Transaction<Database>,
): Promise<Map<number, PartFigures>> {
  if (ids.length === 0) return new Map();
  const rows = await q(db, trx)
    .selectFrom('message_deliveries')
    .select((eb) => [
      'message_id',
      eb.fn.countAll<number | string>().as('delivered'),
      eb.fn.count<number | string>('opened_at').as('opened'),
      eb.fn.count<number | string>('coupon_used_at').as('coupon_used'),
    ])
    .where('message_id', 'in', [...ids])
    .groupBy('message_id')
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.message_id),
      { delivered: Number(r.delivered), opened: Number(r.opened), couponUsed: Number(r.coupon_used) },
    ]),
  );
}

/**
 * Which of these messages of the channel are parts of an A/B test: a test's message (variant A),
 * a variant row, or a winner's send; by id, with its variant index.
 */
export async function testPartsAmong(
  db: Db,
  channelId: number,
  ids: readonly number[],
): Promise<Map<number, { variant: number; winner: boolean }>> {
  if (ids.length === 0) return new Map();
  const [parts, tests] = await Promise.all([
    q(db)
      .selectFrom('messages')
      .select(['id', 'variant', 'test_part'])
      .where('channel_id', '=', channelId)
      .where('id', 'in', [...ids])
      .where('test_of', 'is not', null)
      .execute(),
    q(db)
      .selectFrom('message_tests as t')
      .innerJoin('messages as m', 'm.id', 't.message_id')
      .select('t.message_id')
      .where('m.channel_id', '=', channelId)
      .where('t.message_id', 'in', [...ids])
      .execute(),
  ]);
  return new Map([
    ...tests.map((t) => [Number(t.message_id), { variant: 0, winner: false }] as const),
    ...parts.map(
      (p) =>
        [Number(p.id), { variant: Number(p.variant), winner: p.test_part === TEST_PART.winner }] as const,
    ),
  ]);
}

/** The test's split members' table name and a reference for the send's audience conditions. */
export const MEMBERS = sql.table('message_test_members');

/**
 * The channel's sent tests (their decision time set) that ran between `start` and `end` (Unix ms,
 * end excluded): sent before the end, not decided before the start; newest first, with their
 * message's text.
 */
export function sentTests(db: Db, f: { channelId: number; start: number; end: number; limit: number }) {
  return (
    q(db)
      .selectFrom('message_tests')
      .innerJoin('messages', 'messages.id', 'message_tests.message_id')
      .select([
        'messages.id as message_id',
        'messages.push_text',
        'messages.sent_at',
        'message_tests.decide_at',
        'message_tests.decided_at',
      ])
      .where('messages.channel_id', '=', f.channelId)
      .where('message_tests.decide_at', 'is not', null)
      // The test went out when its claim split it: its decision time less the waiting time.
      .where(sql<number>`message_tests.decide_at - message_tests.wait_hours * ${HOUR_MS}`, '<', f.end)
      .where((eb) =>
        eb.or([eb('message_tests.decided_at', 'is', null), eb('message_tests.decided_at', '>=', f.start)]),
      )
      .orderBy('messages.id', 'desc')
      .limit(f.limit)
      .execute()
  );
}
