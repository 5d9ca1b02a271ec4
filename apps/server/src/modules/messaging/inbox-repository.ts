import type { Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { dialectSql } from '../../db/dialect';
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

/** A device's follows: its follower ids and their channels (one follower a channel). */
export interface Follows {
  followerIds: readonly number[];
  channelIds: readonly number[];
}

/**
 * The deliveries `d` of these follows, with their messages `i`. PostgreSQL reads them by the
 * deliveries' index by follower; SQLite has none (dialect.ts `deliveriesByFollower`), so there the
 * channels' messages are named too and each is probed by the primary key (message, follower). A
 * follower has deliveries of its own channel's messages only, so the two lists find what the
 * pairs would.
 */
function receivedQuery(db: Db, follows: Follows) {
  return q(db)
    .selectFrom('message_deliveries as d')
    .innerJoin('messages as i', 'i.id', 'd.message_id')
    .where('d.follower_id', 'in', [...follows.followerIds])
    .$if(!byFollower(db), (query) => query.where('i.channel_id', 'in', [...follows.channelIds]));
}

const byFollower = (db: Db) => dialectSql(db.dialect).deliveriesByFollower;

/**
 * A page of these follows' deliveries, newest first, with how many they have and how many are
 * unread: the counts ride on the page's query as two uncorrelated subqueries (run once), one round
 * trip instead of two; a page past the end counts on its own.
 */
export async function inboxPage(
  db: Db,
  follows: Follows,
  offset: number,
  limit: number,
): Promise<{ rows: InboxRow[]; total: number; unread: number }> {
  if (follows.followerIds.length === 0) return { rows: [], total: 0, unread: 0 };
  if (limit <= 0) return { rows: [], ...(await inboxCounts(db, follows)) };
  const channels = [...follows.channelIds];
  const followers = [...follows.followerIds];
  const rows = await receivedQuery(db, follows)
    .select(CONTENT_COLUMNS.map((c) => `i.${c}` as const))
    .select([...DELIVERY_COLUMNS])
    .select((eb) => [
      eb
        .selectFrom('message_deliveries as c')
        .innerJoin('messages as ci', 'ci.id', 'c.message_id')
        .select((c) => c.fn.countAll<number | string>().as('n'))
        .where('c.follower_id', 'in', followers)
        .$if(!byFollower(db), (query) => query.where('ci.channel_id', 'in', channels))
        .as('inbox_total'),
      eb
        .selectFrom('message_deliveries as u')
        .innerJoin('messages as ui', 'ui.id', 'u.message_id')
        .select((c) => c.fn.countAll<number | string>().as('n'))
        .where('u.follower_id', 'in', followers)
        .where('u.opened_at', 'is', null)
        .$if(!byFollower(db), (query) => query.where('ui.channel_id', 'in', channels))
        .as('inbox_unread'),
    ])
    .orderBy('d.delivered_at', 'desc')
    .orderBy('d.message_id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  const [first] = rows;
  if (!first) return { rows: [], ...(await inboxCounts(db, follows)) };
  return {
    rows: rows.map(({ inbox_total, inbox_unread, ...r }) => toDelivered<ItemContentRow>(r)),
    total: Number(first.inbox_total),
    unread: Number(first.inbox_unread),
  };
}

/** How many deliveries these follows have, and unread among them. */
export async function inboxCounts(db: Db, follows: Follows): Promise<{ total: number; unread: number }> {
  if (follows.followerIds.length === 0) return { total: 0, unread: 0 };
  const row = await receivedQuery(db, follows)
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.count<number | string>('d.follower_id').filterWhere('d.opened_at', 'is', null).as('unread'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), unread: Number(row.unread) };
}

/**
 * How many of these follows' deliveries came after `at` (to place a welcome message among them):
 * the channels' messages sent since, a delivery carrying its message's send time.
 */
export async function countNewerThan(db: Db, follows: Follows, at: number): Promise<number> {
  if (follows.followerIds.length === 0) return 0;
  const row = await receivedQuery(db, follows)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('i.sent_at', '>', at)
    .where('d.delivered_at', '>', at)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Deletes every delivery of a follower that left (its follow row is gone): its channel's messages,
 * each probed by the primary key.
 */
export async function deleteFollowerDeliveries(
  db: Db,
  follower: { followerId: number; channelId: number },
): Promise<void> {
  await q(db)
    .deleteFrom('message_deliveries')
    .where('follower_id', '=', follower.followerId)
    .where(
      'message_id',
      'in',
      q(db).selectFrom('messages').select('id').where('channel_id', '=', follower.channelId),
    )
    .execute();
}

/** Every delivery of a message goes (a withdrawal), inside the caller's transaction. */
export async function deleteMessageDeliveries(
  db: Db,
  messageId: number,
  trx: Transaction<Database>,
): Promise<void> {
  await q(db, trx).deleteFrom('message_deliveries').where('message_id', '=', messageId).execute();
}
