import type { CouponState } from '@qrqr/shared';
import { type Insertable, type SelectQueryBuilder, sql, type Transaction, type Updateable } from 'kysely';
import type { Queryable } from '../../db/queryable';
import type { CouponRow, CouponsTable, Database } from '../../db/schema';

/** All SQL of the coupon library. Pictures are stored through platform/images.ts. */

export interface CouponFilter {
  channelId: number;
  /** Part of the item name, any case; LIKE wildcards not yet escaped. */
  keyword?: string;
  state?: CouponState;
  /** yyyy-MM-dd in Japan: the day the state is judged on. */
  today: string;
  offset: number;
  limit: number;
}

/**
 * One page of the channel's coupons, newest first, with the name of each one's picture, and how
 * many match. A channel keeps at most COUPON_LIMITS.storageMax coupons, found by its index.
 */
export async function listCouponRows(db: Queryable, f: CouponFilter) {
  let base: SelectQueryBuilder<Database, 'coupons', object> = db
    .selectFrom('coupons')
    .where('coupons.channel_id', '=', f.channelId);
  if (f.keyword)
    base = base.where(
      sql<boolean>`lower(coupons.item_name) like ${likeContains(f.keyword.toLowerCase())} escape '\\'`,
    );
  if (f.state === 'expired') base = base.where('coupons.date_to', '<', f.today);
  if (f.state === 'upcoming') base = base.where('coupons.date_from', '>', f.today);
  if (f.state === 'valid')
    base = base.where('coupons.date_from', '<=', f.today).where('coupons.date_to', '>=', f.today);
  const [rows, count] = await Promise.all([
    base
      .leftJoin('images', 'images.id', 'coupons.image_id')
      .selectAll('coupons')
      .select('images.name as image_name')
      .orderBy('coupons.created_at', 'desc')
      .orderBy('coupons.id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** `%text%` with the LIKE wildcards and the escape character of `text` escaped. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function findCouponRow(db: Queryable, channelId: number, id: number) {
  return db
    .selectFrom('coupons')
    .leftJoin('images', 'images.id', 'coupons.image_id')
    .selectAll('coupons')
    .select('images.name as image_name')
    .where('coupons.channel_id', '=', channelId)
    .where('coupons.id', '=', id)
    .executeTakeFirst();
}

export async function countCoupons(db: Queryable, channelId: number): Promise<number> {
  const row = await db
    .selectFrom('coupons')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('channel_id', '=', channelId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Takes the channel's write lock for the rest of the transaction (a row lock on PostgreSQL, the
 * database write lock on SQLite), so two saves cannot both pass the storage-limit count.
 */
export async function lockChannel(db: Transaction<Database>, channelId: number): Promise<void> {
  await db
    .updateTable('channels')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', channelId)
    .execute();
}

export function insertCoupon(db: Queryable, row: Insertable<CouponsTable>): Promise<CouponRow> {
  return db.insertInto('coupons').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Rewrites a coupon of the channel; false when the channel has no such coupon. */
export async function updateCoupon(
  db: Queryable,
  channelId: number,
  id: number,
  patch: Updateable<CouponsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('coupons')
    .set(patch)
    .where('channel_id', '=', channelId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Of `ids`, those that are coupons of this channel, with their picture ids. */
export function couponsOfChannel(db: Queryable, channelId: number, ids: readonly number[]) {
  return db
    .selectFrom('coupons')
    .select(['id', 'image_id'])
    .where('channel_id', '=', channelId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function deleteCouponRows(
  db: Queryable,
  channelId: number,
  ids: readonly number[],
): Promise<number> {
  const result = await db
    .deleteFrom('coupons')
    .where('channel_id', '=', channelId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
