import type { Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { q } from '../../db/queryable';
import type { Database } from '../../db/schema';
import { CONTENT_COLUMNS, type ItemContentRow } from './content';
import { DELIVERY_COLUMNS, type Delivered, oneDelivered, toDelivered } from './delivery-rows';
import { ITEMS, type ItemKind } from './items';

/** The follower's side: deliveries of either kind of item (items.ts) with their items' content. */

export type InboxRow = Delivered<ItemContentRow>;

/**
 * Deliveries `d` of `kind` joined with their items `i`: the item's content columns and the
 * delivery's. Kysely is given the message tables' names for its types; the kind's own names come
 * from ITEMS, and only columns both kinds have are read.
 */
function deliveredQuery(db: Db, kind: ItemKind, trx?: Transaction<Database>) {
  const { table, deliveries } = ITEMS[kind];
  return q(db, trx)
    .selectFrom(`${deliveries} as d` as 'message_deliveries as d')
    .innerJoin(`${table} as i` as 'messages as i', 'i.id', itemRef(kind))
    .select(CONTENT_COLUMNS.map((c) => `i.${c}` as const))
    .select([...DELIVERY_COLUMNS]);
}

/** The delivery's column naming its item, as deliveredQuery's types name it. */
const itemRef = (kind: ItemKind) => `d.${ITEMS[kind].itemColumn}` as 'd.message_id';

/** One delivery of a follower, with its item; on PostgreSQL locked inside `trx`. */
export function findDelivered(
  db: Db,
  kind: ItemKind,
  itemId: number,
  followerId: number,
  trx?: Transaction<Database>,
): Promise<InboxRow | undefined> {
  const query = deliveredQuery(db, kind, trx)
    .where(itemRef(kind), '=', itemId)
    .where('d.follower_id', '=', followerId);
  return oneDelivered(db, query, trx);
}

/** Every delivery of `kind` these followers received, newest first (welcome messages: a few at most). */
export async function allDelivered(
  db: Db,
  kind: ItemKind,
  followerIds: readonly number[],
): Promise<InboxRow[]> {
  if (followerIds.length === 0) return [];
  const rows = await deliveredQuery(db, kind)
    .where('d.follower_id', 'in', [...followerIds])
    .orderBy('d.delivered_at', 'desc')
    .orderBy(itemRef(kind), 'desc')
    .execute();
  return rows.map((r) => toDelivered<ItemContentRow>(r));
}

// Messages: a follower's many, read a page at a time.

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
  const rows = await deliveredQuery(db, 'message')
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
    rows: rows.map(({ inbox_total, inbox_unread, ...r }) => toDelivered<ItemContentRow>(r)),
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
