import type { ChannelDayCounter, MessageFunnelCounter } from '@qrqr/shared/channel-analytics-constants';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { readLong } from '../../db/long-reads';
import { q } from '../../db/queryable';
import type { Database } from '../../db/schema';

/** All SQL of channel analytics: one upsert per event into the day rows, and the range reads. */

/** kind of a channel_message_days row. */
export const ITEM_KIND = { message: 1, welcome: 2 } as const;

type Counts<K extends string> = Partial<Record<K, number>>;

/** Adds `counts` to the channel's row of `day` (made at the first event of the day). */
export async function addToChannelDay(
  db: Db,
  at: { channelId: number; day: string },
  counts: Counts<ChannelDayCounter>,
  trx?: Transaction<Database>,
): Promise<void> {
  const keys = Object.keys(counts) as ChannelDayCounter[];
  await q(db, trx)
    .insertInto('channel_days')
    .values({ channel_id: at.channelId, day: at.day, ...counts })
    .onConflict((oc) =>
      oc
        .columns(['channel_id', 'day'])
        .doUpdateSet((eb) =>
          Object.fromEntries(
            keys.map((k) => [k, eb(eb.ref(`channel_days.${k}`), '+', eb.ref(`excluded.${k}`))]),
          ),
        ),
    )
    .execute();
}

/** Adds `counts` to a message's (or welcome message's) row of `day`. */
export async function addToMessageDay(
  db: Db,
  at: { channelId: number; kind: number; itemId: number; day: string },
  counts: Counts<MessageFunnelCounter>,
  trx?: Transaction<Database>,
): Promise<void> {
  const keys = Object.keys(counts) as MessageFunnelCounter[];
  await q(db, trx)
    .insertInto('channel_message_days')
    .values({ channel_id: at.channelId, kind: at.kind, item_id: at.itemId, day: at.day, ...counts })
    .onConflict((oc) =>
      oc
        .columns(['kind', 'item_id', 'day'])
        .doUpdateSet((eb) =>
          Object.fromEntries(
            keys.map((k) => [k, eb(eb.ref(`channel_message_days.${k}`), '+', eb.ref(`excluded.${k}`))]),
          ),
        ),
    )
    .execute();
}

/**
 * Moves the channel's running follower count by `delta` (+1 a follow, −1 an unfollow). Inside the
 * follow's or unfollow's transaction, whose row lock orders concurrent changes.
 */
export async function moveFollowerTotal(
  db: Db,
  channelId: number,
  delta: number,
  trx: Transaction<Database>,
): Promise<void> {
  await q(db, trx)
    .insertInto('channel_follower_totals')
    .values({ channel_id: channelId, followers: delta })
    .onConflict((oc) =>
      oc
        .column('channel_id')
        .doUpdateSet((eb) => ({ followers: eb(eb.ref('channel_follower_totals.followers'), '+', delta) })),
    )
    .execute();
}

/** The running count now, and the follows less unfollows counted on `from` and after. */
export async function followersSince(
  db: Db,
  channelId: number,
  from: string,
): Promise<{ now: number; netSince: number }> {
  const row = await db.kysely
    .selectFrom('channel_follower_totals')
    .select('followers')
    .where('channel_id', '=', channelId)
    .executeTakeFirst();
  const net = await db.kysely
    .selectFrom('channel_days')
    .select(sql<number | string | null>`SUM(follows - unfollows)`.as('net'))
    .where('channel_id', '=', channelId)
    .where('day', '>=', from)
    .executeTakeFirst();
  return { now: Number(row?.followers ?? 0), netSince: Number(net?.net ?? 0) };
}

export async function channelDayRows(db: Db, channelId: number, from: string, to: string) {
  return db.kysely
    .selectFrom('channel_days')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

/** Each message's counters summed over the days, the most recent message first (welcome after). */
export async function messageTotals(db: Db, channelId: number, from: string, to: string, limit: number) {
  const sum = (k: MessageFunnelCounter) => sql<number | string>`SUM(${sql.ref(k)})`.as(k);
  return db.kysely
    .selectFrom('channel_message_days')
    .select([
      'kind',
      'item_id',
      sum('targeted'),
      sum('capped'),
      sum('push_reachable'),
      sum('push_accepted'),
      sum('opens_inbox'),
      sum('opens_push'),
      sum('coupon_users'),
      sum('coupon_uses'),
    ])
    .where('channel_id', '=', channelId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['kind', 'item_id'])
    .orderBy('kind')
    .orderBy('item_id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * The day rows of every message with figures in the days, by message then day (the CSV's sections).
 * Read on the long-read thread (SQLite): a year of 300 messages is thousands of rows.
 */
export async function messageDayRows(db: Db, channelId: number, from: string, to: string) {
  const query = db.kysely
    .selectFrom('channel_message_days')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('kind')
    .orderBy('item_id', 'desc')
    .orderBy('day');
  return readLong(db, query.compile(), 'exports');
}
