import { FREQUENCY_CAP } from '@qrqr/shared/channel-constants';
import { type Expression, type SqlBool, sql, type Transaction } from 'kysely';
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
    .select('id')
    .where('channel_id', '=', input.channelId)
    .where('sent_at', '>', since)
    .execute();
  if (rows.length < input.cap) return null;
  return {
    cap: input.cap,
    since,
    messageIds: rows.map((r) => Number(r.id)),
    byFollower: dialectSql(db.dialect).deliveriesByFollower,
  };
}

/**
 * Whether the follower already has `cap` deliveries since the window began, read no further than
 * the cap-th found. With the deliveries' index by follower (PostgreSQL), a range of it; without
 * (SQLite), the window's messages probed by the primary key (message, follower), covering, as a
 * delivery carries its message's send time. Probing each follower measured faster than grouping
 * the channel's recent deliveries once, on SQLite (bench:fanout) and on PostgreSQL, whose grouping
 * spilled to disk (0.4-2.0 s against 0.9-1.3 s, loaded machine).
 */
export function reachedCap(follower: Expression<number>, { cap, since, messageIds, byFollower }: CapRule) {
  const found = byFollower
    ? sql`r.follower_id = ${follower} and r.delivered_at > ${sql.lit(since)}`
    : sql`r.message_id in (${sql.join(messageIds.map((id) => sql.lit(id)))}) and r.follower_id = ${follower}`;
  return sql<SqlBool>`exists (select 1 from message_deliveries as r where ${found} limit 1 offset ${sql.lit(cap - 1)})`;
}
