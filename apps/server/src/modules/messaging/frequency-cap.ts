import { FREQUENCY_CAP } from '@qrqr/shared/channel-constants';
import { type Expression, type RawBuilder, type SqlBool, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { dialectSql } from '../../db/dialect';
import { q } from '../../db/queryable';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { frequencyCapOf } from '../channels/lookup';

/**
 * The frequency cap of a send (deliver.ts): a follower who already has `cap` deliveries of the
 * channel's messages since 24 h before this message's send time gets none of it. Counted are the
 * rows of `message_deliveries` (a follower row belongs to one channel), so welcome messages
 * (`welcome_deliveries`) and test sends (no row) neither count nor are capped; a withdrawn message's
 * rows are gone, so it no longer counts. The window has no upper end: a delivery written with a
 * later send time (another message of the channel sent meanwhile) counts too, so that whatever
 * the order of writes no 24 h ever hold more than `cap` messages for one follower.
 */

/** The cap a send goes out with: the channel's, read in the claim's transaction; null when off. */
export async function capOfChannel(
  ctx: AppContext,
  channelId: number,
  trx: Transaction<Database>,
): Promise<number | null> {
  return capOf(await frequencyCapOf(ctx, channelId, trx));
}

/** The cap of a channel's `frequency_cap` setting; null when off. */
export function capOf(frequencyCap: number): number | null {
  return frequencyCap >= FREQUENCY_CAP.min ? frequencyCap : null;
}

/** Advisory-lock namespace of a channel's capped sends (PostgreSQL; any fixed 32-bit number). */
const CAPPED_SENDS_LOCK = 0x71_63_61_70;

/**
 * Capped steps of one channel's sends run one at a time, so each counts the deliveries the
 * others wrote: on PostgreSQL a transaction-scoped advisory lock per channel (a row lock on the
 * channel would stall follows, whose triggers update that row); SQLite runs one write transaction
 * at a time already.
 */
export async function holdChannelSends(db: Db, channelId: number, trx: Transaction<Database>) {
  if (!dialectSql(db.dialect).rowLocks) return;
  await sql`select pg_advisory_xact_lock(${sql.lit(CAPPED_SENDS_LOCK)}, ${sql.lit(channelId)})`.execute(trx);
  // A probe a follower makes the statement look costly enough for JIT, whose compiling (~170 ms)
  // the probes never win back.
  await sql`set local jit = off`.execute(trx);
}

/**
 * A capped send's rule: the cap and the window's start, with the channel's messages sent in the
 * window (read once, in the send's transaction, the channel's capped sends held).
 */
export interface CapRule {
  cap: number;
  /** Unix ms: the window's start, 24 h before the send time. */
  since: number;
  messageIds: readonly number[];
  /** The database has the deliveries' index by follower (dialect.ts `deliveriesByFollower`). */
  byFollower: boolean;
  /** The deliveries of the window's messages counted so far (their `delivered_count`): what counting them reads. */
  windowDeliveries: number;
  /** Per window message (as `messageIds`), what its row says of its deliveries (tallyKey). */
  marks: readonly string[];
  /** For a step over many followers: those who reached the cap, counted once, as rows (dialect.ts `idRows`). */
  reached?: RawBuilder<{ id: number }>;
}

/**
 * The rule of a send with cap `cap` at `at`, or null when it can leave no one out: a follower has
 * at most one delivery of a message, so with fewer messages sent in the window than the cap, no
 * follower can have reached it (a channel sending a few messages a day never probes).
 */
export async function capRuleOf(
  db: Db,
  input: { channelId: number; cap: number | null; at: number },
  trx?: Transaction<Database>,
): Promise<CapRule | null> {
  if (input.cap === null) return null;
  const since = input.at - FREQUENCY_CAP.windowMs;
  const rows = await q(db, trx)
    .selectFrom('messages')
    .select(['id', 'delivered_count', 'rest_pending', 'status', 'updated_at'])
    .where('channel_id', '=', input.channelId)
    .where('sent_at', '>', since)
    .execute();
  if (rows.length < input.cap) return null;
  return {
    cap: input.cap,
    since,
    messageIds: rows.map((r) => Number(r.id)),
    byFollower: dialectSql(db.dialect).deliveriesByFollower,
    windowDeliveries: rows.reduce((sum, r) => sum + Number(r.delivered_count ?? 0), 0),
    marks: rows.map((r) => `${r.delivered_count}:${r.rest_pending}:${r.status}:${r.updated_at}`),
  };
}

/**
 * The rule with its followers who reached the cap counted once (countReached), for a step that asks
 * about many followers; null when no one did. `own`: the send's messages (a test's variants too).
 * A claim that counted leaves its tally for its send's rest (`step`), which takes it when the
 * window is as the claim found it (tallyKey) and counts again otherwise: counting twice was half
 * of a capped send of 100,000 with most subscribed (bench:fanout SUBSCRIBED=0.8).
 */
export async function countedRule(
  db: Db,
  rule: CapRule,
  send: { own: readonly number[]; step: 'subscribed' | 'rest' },
  trx?: Transaction<Database>,
): Promise<CapRule | null> {
  const key = tallyKey(rule, send.own);
  const left = leftTallies(db);
  let reached = send.step === 'rest' ? left.get(key) : undefined;
  left.delete(key);
  if (!reached) {
    reached = await countReached(db, rule.messageIds, rule.cap, trx);
    if (send.step === 'subscribed') leave(left, key, reached);
  }
  return reached.length === 0 ? null : { ...rule, reached: dialectSql(db.dialect).idRows(reached) };
}

/**
 * The window as a send's step finds it: its start, the cap, the send's messages and each other
 * message with the columns that change whenever its deliveries do (a claim writes `rest_pending`
 * and `delivered_count`, the rest both again, a withdrawal `status` and `updated_at`; a deleted
 * message leaves the window; a follower who left has left the audience too). The send's own
 * messages only gain the rows of followers its claim wrote, whom its rest neither writes nor
 * counts, so the claim's tally holds for the rest while the rest of the key is unchanged.
 */
function tallyKey(rule: CapRule, own: readonly number[]): string {
  const others = rule.messageIds.flatMap((id, i) => (own.includes(id) ? [] : [`${id}=${rule.marks[i]}`]));
  return `${rule.since}/${rule.cap}/${[...own].sort((a, b) => a - b).join(',')}/${others.join(',')}`;
}

/** Tallies claims left for their rests, per database; a rest takes its own, or it is pushed out. */
const tallies = new WeakMap<Db, Map<string, number[]>>();
/** The claims whose tallies are kept at once (each at most a few hundred KB at 100,000 followers). */
const KEPT_TALLIES = 4;

function leftTallies(db: Db): Map<string, number[]> {
  const left = tallies.get(db) ?? new Map<string, number[]>();
  tallies.set(db, left);
  return left;
}

function leave(left: Map<string, number[]>, key: string, reached: number[]) {
  left.set(key, reached);
  for (const oldest of left.keys()) {
    if (left.size <= KEPT_TALLIES) break;
    left.delete(oldest);
  }
}

/**
 * How many followers probed one by one cost as much as counting the window once: a probe against
 * a delivery read by the count, measured by bench:fanout (100,000 followers, 10-12 messages in the
 * window): on SQLite a probe of one message about 4 reads' time (0.7 µs against 0.17 µs), so a
 * follower 4 per message; on PostgreSQL a follower's range of its index about 22 (10 µs against
 * 0.45 µs).
 */
export function probeLimit(rule: CapRule): number {
  const perFollower = rule.byFollower ? 22 : 4 * rule.messageIds.length;
  return Math.max(1, Math.ceil(rule.windowDeliveries / perFollower));
}

/**
 * The followers with `cap` deliveries among the window's messages: each message's followers read
 * in one value (its primary key's range, as a JSON array), tallied here a byte a follower id.
 * Probing each of 100,000 followers for each of 10 messages was a million scattered lookups
 * (SQLite 0.7-1.2 s a send, bench:fanout); grouping the same rows in SQL sorted them all first on
 * SQLite (1.0-1.2 s) and spent 0.6-0.8 s hashing them on PostgreSQL.
 */
async function countReached(
  db: Db,
  messageIds: readonly number[],
  cap: number,
  trx?: Transaction<Database>,
): Promise<number[]> {
  let tally = new Uint8Array(1 << 16);
  const reached: number[] = [];
  for (const messageId of messageIds) {
    const row = await q(db, trx)
      .selectFrom('message_deliveries')
      .select(dialectSql(db.dialect).jsonArrayOf('follower_id').as('ids'))
      .where('message_id', '=', messageId)
      .executeTakeFirst();
    for (const follower of parseIds(row?.ids)) {
      if (follower >= tally.length) {
        const grown = new Uint8Array(Math.max(tally.length * 2, follower + 1));
        grown.set(tally);
        tally = grown;
      }
      const n = tally[follower] as number;
      if (n >= cap) continue;
      tally[follower] = n + 1;
      if (n + 1 === cap) reached.push(follower);
    }
  }
  return reached;
}

/** A JSON array of ids as either driver returns it: SQLite's text, PostgreSQL's parsed value, null for no row. */
const parseIds = (value: unknown): number[] =>
  value == null ? [] : ((typeof value === 'string' ? JSON.parse(value) : value) as number[]);

/**
 * Whether the follower already has `cap` deliveries since the window began. With the counted set
 * (`reached`), whether it is in it. Else a probe read no further than the cap-th found: with the
 * deliveries' index by follower (PostgreSQL), a range of it; without (SQLite), the window's
 * messages probed by the primary key (message, follower), covering, as a delivery carries its
 * message's send time. For a few followers the probes cost less than counting the window.
 */
export function reachedCap(
  follower: Expression<number>,
  { cap, since, messageIds, byFollower, reached }: CapRule,
) {
  if (reached) return sql<SqlBool>`${follower} in (${reached})`;
  const found = byFollower
    ? sql`r.follower_id = ${follower} and r.delivered_at > ${sql.lit(since)}`
    : sql`r.message_id in (${sql.join(messageIds.map((id) => sql.lit(id)))}) and r.follower_id = ${follower}`;
  return sql<SqlBool>`exists (select 1 from message_deliveries as r where ${found} limit 1 offset ${sql.lit(cap - 1)})`;
}
