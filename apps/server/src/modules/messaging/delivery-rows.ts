import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { dialectSql } from '../../db/dialect';
import { q } from '../../db/queryable';
import type { Database } from '../../db/schema';
import { ITEMS, type ItemKind } from './items';

/**
 * The deliveries of either kind of item (items.ts): the same reading and coupon columns, keyed by
 * their item and its receiver.
 */

/** A delivery as the follower's inbox reads it: the item's row and how this follower received it. */
export interface Delivered<Item> {
  item: Item;
  follower_id: number;
  delivered_at: number;
  opened_at: number | null;
  coupon_use_count: number;
  /** When its coupon was last used (the only use of a once coupon). */
  coupon_used_at: number | null;
}

/** The delivery's columns beside the item's (`d`: the delivery), named apart from the item's own. */
export const DELIVERY_COLUMNS = [
  'd.follower_id as d_follower_id',
  'd.delivered_at as d_delivered_at',
  'd.opened_at as d_opened_at',
  'd.coupon_use_count as d_coupon_use_count',
  'd.coupon_used_at as d_coupon_used_at',
] as const;

/** Splits a row of an item joined with DELIVERY_COLUMNS. */
export function toDelivered<Item>(r: Record<string, unknown>): Delivered<Item> {
  const { d_follower_id, d_delivered_at, d_opened_at, d_coupon_use_count, d_coupon_used_at, ...item } = r;
  return {
    item: item as unknown as Item,
    follower_id: Number(d_follower_id),
    delivered_at: Number(d_delivered_at),
    opened_at: d_opened_at === null ? null : Number(d_opened_at),
    coupon_use_count: Number(d_coupon_use_count),
    coupon_used_at: d_coupon_used_at === null ? null : Number(d_coupon_used_at),
  };
}

/** A select of deliveries `d` joined with their items and DELIVERY_COLUMNS (what oneDelivered runs). */
interface DeliveredQuery<O> {
  forUpdate(of: ReadonlyArray<'d'>): DeliveredQuery<O>;
  executeTakeFirst(): Promise<O | undefined>;
}

/** The one delivery `query` names, locked (its delivery row) inside `trx` on PostgreSQL. */
export async function oneDelivered<Item, O>(
  db: Db,
  query: DeliveredQuery<O>,
  trx?: Transaction<Database>,
): Promise<Delivered<Item> | undefined> {
  const locked = trx && dialectSql(db.dialect).rowLocks ? query.forUpdate(['d']) : query;
  const row = await locked.executeTakeFirst();
  return row ? toDelivered<Item>(row as Record<string, unknown>) : undefined;
}

/** Marks the follower's delivery of item `itemId` opened; true the first time. */
export async function markDeliveryOpened(
  db: Db,
  kind: ItemKind,
  itemId: number,
  followerId: number,
  now: number,
  trx: Transaction<Database>,
): Promise<boolean> {
  const result = await q(db, trx)
    .updateTable(ITEMS[kind].deliveries)
    .set({ opened_at: now })
    .where(sql.ref<number>(ITEMS[kind].itemColumn), '=', itemId)
    .where('follower_id', '=', followerId)
    .where('opened_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Counts one use of the coupon of the follower's delivery (and opens it); with `once`, only while it
 * was never used: the update itself decides, so a double tap uses it once. True when this call used it.
 */
export async function useDeliveryCoupon(
  db: Db,
  kind: ItemKind,
  itemId: number,
  followerId: number,
  once: boolean,
  now: number,
  trx: Transaction<Database>,
): Promise<boolean> {
  let query = q(db, trx)
    .updateTable(ITEMS[kind].deliveries)
    .set((eb) => ({
      coupon_use_count: eb('coupon_use_count', '+', 1),
      coupon_used_at: now,
      opened_at: eb.fn.coalesce('opened_at', sql.lit(now)),
    }))
    .where(sql.ref<number>(ITEMS[kind].itemColumn), '=', itemId)
    .where('follower_id', '=', followerId);
  if (once) query = query.where('coupon_use_count', '=', 0);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
