import type { Insertable, Transaction } from 'kysely';
import type { Queryable } from '../../db/queryable';
import type { CouponRow, CouponsTable, Database } from '../../db/schema';

/** All SQL of the coupon library. Pictures are stored through platform/images.ts. */

/** The channel's coupons, newest first, with the name of each one's picture. */
export function listCouponRows(db: Queryable, channelId: number) {
  return db
    .selectFrom('coupons')
    .leftJoin('images', 'images.id', 'coupons.image_id')
    .selectAll('coupons')
    .select('images.name as image_name')
    .where('coupons.channel_id', '=', channelId)
    .orderBy('coupons.created_at', 'desc')
    .orderBy('coupons.id', 'desc')
    .execute();
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
