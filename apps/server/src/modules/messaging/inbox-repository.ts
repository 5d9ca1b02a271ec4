import type { Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { q } from '../../db/queryable';
import type { Database } from '../../db/schema';
import { DELIVERY_COLUMNS, type Delivered, oneDelivered, toDelivered } from './delivery-rows';
import type { MessageRow } from './message-repository';
import type { WelcomeRow } from './welcome-repository';

/** The follower's side: deliveries (`message_deliveries`, `welcome_deliveries`) with their items. */

// Messages

export type InboxRow = Delivered<MessageRow>;

/** Deliveries `d` joined with their messages `m`. */
function messageInboxQuery(db: Db, trx?: Transaction<Database>) {
  return q(db, trx)
    .selectFrom('message_deliveries as d')
    .innerJoin('messages as m', 'm.id', 'd.message_id')
    .selectAll('m')
    .select([...DELIVERY_COLUMNS]);
}

/**
 * A page of these followers' deliveries, newest first, with how many they have and how many are
 * unread: the counts ride on the page's query as two uncorrelated subqueries (run once), one round
 * trip instead of two; a page past the end counts on its own.
 */
export async function inboxPage(
  db: Db,
  followerIds: readonly number[],
  offset: number,
  limit: number,
): Promise<{ rows: InboxRow[]; total: number; unread: number }> {
  if (followerIds.length === 0) return { rows: [], total: 0, unread: 0 };
  if (limit <= 0) return { rows: [], ...(await inboxCounts(db, followerIds)) };
  const ids = [...followerIds];
  const rows = await messageInboxQuery(db)
    .select((eb) => [
      eb
        .selectFrom('message_deliveries as c')
        .select((c) => c.fn.countAll<number | string>().as('n'))
        .where('c.follower_id', 'in', ids)
        .as('inbox_total'),
      eb
        .selectFrom('message_deliveries as u')
        .select((c) => c.fn.countAll<number | string>().as('n'))
        .where('u.follower_id', 'in', ids)
        .where('u.opened_at', 'is', null)
        .as('inbox_unread'),
    ])
    .where('d.follower_id', 'in', ids)
    .orderBy('d.delivered_at', 'desc')
    .orderBy('d.message_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const [first] = rows;
  if (!first) return { rows: [], ...(await inboxCounts(db, followerIds)) };
  return {
    rows: rows.map(({ inbox_total, inbox_unread, ...r }) => toDelivered<MessageRow>(r)),
    total: Number(first.inbox_total),
    unread: Number(first.inbox_unread),
  };
}

/** How many deliveries these followers have, unread among them, and newer than `after` (Unix ms). */
export async function inboxCounts(
  db: Db,
  followerIds: readonly number[],
): Promise<{ total: number; unread: number }> {
  if (followerIds.length === 0) return { total: 0, unread: 0 };
  const row = await q(db)
    .selectFrom('message_deliveries')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.count<number | string>('follower_id').filterWhere('opened_at', 'is', null).as('unread'),
    ])
    .where('follower_id', 'in', [...followerIds])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

/** How many of these followers' deliveries came after `at` (to place a welcome message among them). */
export async function countNewerThan(db: Db, followerIds: readonly number[], at: number): Promise<number> {
  if (followerIds.length === 0) return 0;
  const row = await q(db)
    .selectFrom('message_deliveries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('follower_id', 'in', [...followerIds])
    .where('delivered_at', '>', at)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One delivery of a follower, with its message; on PostgreSQL locked inside `trx`. */
export function findInboxRow(
  db: Db,
  messageId: number,
  followerId: number,
  trx?: Transaction<Database>,
): Promise<InboxRow | undefined> {
  const query = messageInboxQuery(db, trx)
    .where('d.message_id', '=', messageId)
    .where('d.follower_id', '=', followerId);
  return oneDelivered(db, query, trx);
}

/** Deletes every delivery of a follower that left (its follow row is gone). */
export async function deleteFollowerDeliveries(db: Db, followerId: number): Promise<void> {
  await q(db).deleteFrom('message_deliveries').where('follower_id', '=', followerId).execute();
}

/** Every delivery of a message goes (a withdrawal), inside the caller's transaction. */
export async function deleteMessageDeliveries(
  db: Db,
  messageId: number,
  trx: Transaction<Database>,
): Promise<void> {
  await q(db, trx).deleteFrom('message_deliveries').where('message_id', '=', messageId).execute();
}

// Welcome messages

export type WelcomeInboxRow = Delivered<WelcomeRow>;

/** Deliveries `d` joined with their welcome messages `w`. */
function welcomeInboxQuery(db: Db, trx?: Transaction<Database>) {
  return q(db, trx)
    .selectFrom('welcome_deliveries as d')
    .innerJoin('welcome_messages as w', 'w.id', 'd.welcome_message_id')
    .selectAll('w')
    .select([...DELIVERY_COLUMNS]);
}

/** Every welcome message these followers received (a few at most), newest first. */
export async function welcomeInboxRows(db: Db, followerIds: readonly number[]): Promise<WelcomeInboxRow[]> {
  if (followerIds.length === 0) return [];
  const rows = await welcomeInboxQuery(db)
    .where('d.follower_id', 'in', [...followerIds])
    .orderBy('d.delivered_at', 'desc')
    .orderBy('d.welcome_message_id', 'desc')
    .execute();
  return rows.map((r) => toDelivered<WelcomeRow>(r));
}

export function findWelcomeInboxRow(
  db: Db,
  welcomeId: number,
  followerId: number,
  trx?: Transaction<Database>,
): Promise<WelcomeInboxRow | undefined> {
  const query = welcomeInboxQuery(db, trx)
    .where('d.welcome_message_id', '=', welcomeId)
    .where('d.follower_id', '=', followerId);
  return oneDelivered(db, query, trx);
}
