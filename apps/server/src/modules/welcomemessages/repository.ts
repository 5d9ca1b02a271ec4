import { type Insertable, type Selectable, sql, type Transaction, type Updateable } from 'kysely';
import type { Db } from '../../db/client';
import { dialectSql } from '../../db/dialect';
import { q } from '../../db/queryable';
import type { Database, WelcomeMessagesTable } from '../../db/schema';

/** All SQL of welcome messages (this module owns `welcome_messages` and `welcome_deliveries`). */

export type WelcomeRow = Selectable<WelcomeMessagesTable>;

const ON = 1;

export function listWelcomeRows(db: Db, channelId: number): Promise<WelcomeRow[]> {
  return q(db)
    .selectFrom('welcome_messages')
    .selectAll()
    .where('channel_id', '=', channelId)
    .orderBy('id', 'desc')
    .execute();
}

export function findWelcomeRow(
  db: Db,
  channelId: number,
  id: number,
  trx?: Transaction<Database>,
): Promise<WelcomeRow | undefined> {
  return q(db, trx)
    .selectFrom('welcome_messages')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The channel's welcome messages among `ids`, locked on PostgreSQL until the transaction ends. */
export function lockWelcomeRows(
  db: Db,
  channelId: number,
  ids: readonly number[],
  trx: Transaction<Database>,
): Promise<WelcomeRow[]> {
  let query = q(db, trx)
    .selectFrom('welcome_messages')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('id', 'in', [...ids])
    .orderBy('id');
  if (dialectSql(db.dialect).rowLocks) query = query.forUpdate();
  return query.execute();
}

/** The one welcome message of the channel that is on, if any. */
export function findOnRow(
  db: Db,
  channelId: number,
  trx?: Transaction<Database>,
): Promise<WelcomeRow | undefined> {
  return q(db, trx)
    .selectFrom('welcome_messages')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('status', '=', ON)
    .executeTakeFirst();
}

export function insertWelcomeRow(
  db: Db,
  row: Insertable<WelcomeMessagesTable>,
  trx?: Transaction<Database>,
): Promise<WelcomeRow> {
  return q(db, trx).insertInto('welcome_messages').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Rewrites a welcome message of the channel while its status is one of `statuses`. */
export function updateWelcomeIn(
  db: Db,
  channelId: number,
  id: number,
  statuses: readonly number[],
  patch: Updateable<WelcomeMessagesTable>,
  trx?: Transaction<Database>,
): Promise<WelcomeRow | undefined> {
  return q(db, trx)
    .updateTable('welcome_messages')
    .set(patch)
    .where('channel_id', '=', channelId)
    .where('id', '=', id)
    .where('status', 'in', [...statuses])
    .returningAll()
    .executeTakeFirst();
}

export async function deleteWelcomeRows(
  db: Db,
  channelId: number,
  ids: readonly number[],
  trx: Transaction<Database>,
): Promise<number> {
  const result = await q(db, trx)
    .deleteFrom('welcome_messages')
    .where('channel_id', '=', channelId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many devices each of these welcome messages reached. */
export async function deliveredCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map(ids.map((id) => [id, 0]));
  if (ids.length === 0) return counts;
  const rows = await q(db)
    .selectFrom('welcome_deliveries')
    .select((eb) => ['welcome_message_id', eb.fn.countAll<number | string>().as('n')])
    .where('welcome_message_id', 'in', [...ids])
    .groupBy('welcome_message_id')
    .execute();
  for (const r of rows) counts.set(Number(r.welcome_message_id), Number(r.n));
  return counts;
}

/** Drafts and welcome messages on that name these library coupons (E-715 holds them). */
export function unsentWithCoupons(
  db: Db,
  channelId: number,
  couponIds: readonly number[],
  trx?: Transaction<Database>,
): Promise<Array<{ coupon_id: number | null; push_text: string }>> {
  return q(db, trx)
    .selectFrom('welcome_messages')
    .select(['coupon_id', 'push_text'])
    .where('channel_id', '=', channelId)
    .where('status', 'in', [0, ON])
    .where('coupon_id', 'in', [...couponIds])
    .execute();
}

/**
 * Delivers the channel's welcome message that is on and not past its end (`send_end_dt` > now, to
 * the second) to the device, in the follow's transaction: one INSERT … SELECT, and the primary key
 * (welcome message, device) makes it once per device, also after an unfollow and a new follow.
 * Returns how many rows it wrote (0 or 1).
 */
export async function deliverWelcomeRow(
  db: Db,
  f: { channelId: number; deviceHash: string; followerId: number; now: number },
  trx: Transaction<Database>,
): Promise<number[]> {
  const nowSeconds = Math.floor(f.now / 1000);
  const result = await q(db, trx)
    .insertInto('welcome_deliveries')
    .columns(['welcome_message_id', 'device_hash', 'follower_id', 'delivered_at'])
    .expression((eb) =>
      eb
        .selectFrom('welcome_messages')
        .select([
          'id',
          sql.lit(f.deviceHash).as('device_hash'),
          sql.lit(f.followerId).as('follower_id'),
          sql.lit(f.now).as('delivered_at'),
        ])
        .where('channel_id', '=', f.channelId)
        .where('status', '=', ON)
        .where((w) => w.or([w('send_end_dt', 'is', null), w('send_end_dt', '>', nowSeconds)])),
    )
    .onConflict((oc) => oc.columns(['welcome_message_id', 'device_hash']).doNothing())
    .returning('welcome_message_id')
    .execute();
  return result.map((r) => Number(r.welcome_message_id));
}

// The follower's side

export interface WelcomeInboxRow {
  row: WelcomeRow;
  follower_id: number;
  delivered_at: number;
  opened_at: number | null;
  coupon_use_count: number;
}

function toInbox(r: Record<string, unknown>): WelcomeInboxRow {
  const { d_follower_id, d_delivered_at, d_opened_at, d_coupon_use_count, ...row } = r;
  return {
    row: row as unknown as WelcomeRow,
    follower_id: Number(d_follower_id),
    delivered_at: Number(d_delivered_at),
    opened_at: d_opened_at === null ? null : Number(d_opened_at),
    coupon_use_count: Number(d_coupon_use_count),
  };
}

function inboxQuery(db: Db, trx?: Transaction<Database>) {
  return q(db, trx)
    .selectFrom('welcome_deliveries as d')
    .innerJoin('welcome_messages as w', 'w.id', 'd.welcome_message_id')
    .selectAll('w')
    .select([
      'd.follower_id as d_follower_id',
      'd.delivered_at as d_delivered_at',
      'd.opened_at as d_opened_at',
      'd.coupon_use_count as d_coupon_use_count',
    ]);
}

/** Every welcome message these followers received (a few at most), newest first. */
export async function welcomeInboxRows(db: Db, followerIds: readonly number[]): Promise<WelcomeInboxRow[]> {
  if (followerIds.length === 0) return [];
  const rows = await inboxQuery(db)
    .where('d.follower_id', 'in', [...followerIds])
    .orderBy('d.delivered_at', 'desc')
    .orderBy('d.welcome_message_id', 'desc')
    .execute();
  return rows.map((r) => toInbox(r as Record<string, unknown>));
}

export async function findWelcomeInboxRow(
  db: Db,
  welcomeId: number,
  followerId: number,
  trx?: Transaction<Database>,
): Promise<WelcomeInboxRow | undefined> {
  let query = inboxQuery(db, trx)
    .where('d.welcome_message_id', '=', welcomeId)
    .where('d.follower_id', '=', followerId);
  if (trx && dialectSql(db.dialect).rowLocks) query = query.forUpdate(['d']);
  const row = await query.executeTakeFirst();
  return row ? toInbox(row as Record<string, unknown>) : undefined;
}

export async function markWelcomeOpened(
  db: Db,
  welcomeId: number,
  followerId: number,
  now: number,
  trx: Transaction<Database>,
): Promise<boolean> {
  const result = await q(db, trx)
    .updateTable('welcome_deliveries')
    .set({ opened_at: now })
    .where('welcome_message_id', '=', welcomeId)
    .where('follower_id', '=', followerId)
    .where('opened_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One use of the coupon (once: only while unused, the update decides). True when this call used it. */
export async function useWelcomeCouponRow(
  db: Db,
  welcomeId: number,
  followerId: number,
  once: boolean,
  now: number,
  trx: Transaction<Database>,
): Promise<boolean> {
  let query = q(db, trx)
    .updateTable('welcome_deliveries')
    .set((eb) => ({
      coupon_use_count: eb('coupon_use_count', '+', 1),
      coupon_used_at: now,
      opened_at: eb.fn.coalesce('opened_at', sql.lit(now)),
    }))
    .where('welcome_message_id', '=', welcomeId)
    .where('follower_id', '=', followerId);
  if (once) query = query.where('coupon_use_count', '=', 0);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Which of these picture URLs a welcome message (any status) shows. */
export async function welcomeImagesInUse(
  db: Db,
  urls: readonly string[],
  trx: Transaction<Database>,
): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await q(db, trx)
    .selectFrom('welcome_messages')
    .select('background_image_url')
    .distinct()
    .where('background_image_url', 'in', [...urls])
    .execute();
  return new Set(rows.map((r) => r.background_image_url));
}

/** The push_text of each of these welcome messages of the channel. */
export async function welcomePushTexts(
  db: Db,
  channelId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('welcome_messages')
    .select(['id', 'push_text'])
    .where('channel_id', '=', channelId)
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.push_text]));
}

// Pushes of welcome deliveries (issue 20)

/** Welcome messages by id, whatever their channel (the push sweep names them). */
export function findWelcomesByIds(db: Db, ids: readonly number[]): Promise<WelcomeRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return q(db)
    .selectFrom('welcome_messages')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** Which of these (welcome, device) deliveries belong to a follow that has ended since. */
export async function endedFollowDeliveries(
  db: Db,
  keys: ReadonlyArray<{ welcomeId: number; deviceHash: string }>,
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await q(db)
    .selectFrom('welcome_deliveries')
    .select(['welcome_message_id', 'device_hash'])
    .where('welcome_message_id', 'in', [...new Set(keys.map((k) => k.welcomeId))])
    .where('device_hash', 'in', [...new Set(keys.map((k) => k.deviceHash))])
    .where('follower_id', 'is', null)
    .execute();
  return new Set(rows.map((r) => `${r.welcome_message_id}:${r.device_hash}`));
}

/** Writes the push outcome of these welcome deliveries: a final state, or when to try again. */
export async function settleWelcomePushes(
  db: Db,
  rows: ReadonlyArray<{ welcomeId: number; deviceHash: string }>,
  set: { state: number } | { dueAt: number; countAttempt: boolean },
): Promise<void> {
  const byWelcome = new Map<number, string[]>();
  for (const r of rows) {
    const list = byWelcome.get(r.welcomeId) ?? [];
    list.push(r.deviceHash);
    byWelcome.set(r.welcomeId, list);
  }
  for (const [welcomeId, hashes] of byWelcome) {
    await q(db)
      .updateTable('welcome_deliveries')
      .set((eb) =>
        'state' in set
          ? { push_state: set.state, push_attempts: eb('push_attempts', '+', 1) }
          : { push_due_at: set.dueAt, push_attempts: eb('push_attempts', '+', set.countAttempt ? 1 : 0) },
      )
      .where('welcome_message_id', '=', welcomeId)
      .where('device_hash', 'in', hashes)
      // Still pending (a row another process took over after the lease is not overwritten); written
      // as an expression so SQLite stays on the primary key rather than the pending-rows index.
      .where(sql<number>`push_state + 0`, '=', 0)
      .execute();
  }
}
