import type { CouponState } from '@qrqr/shared/coupon-constants';
import { type Insertable, type SelectQueryBuilder, sql, type Transaction, type Updateable } from 'kysely';
import type { Db } from '../../db/client';
import { q } from '../../db/queryable';
import type { CouponCopiesRow, CouponRow, CouponsTable, Database } from '../../db/schema';

/**
 * All SQL of the coupon library. Pictures are stored through platform/media/images.ts. Each function takes
 * an optional transaction (the lock, which means something only inside one, a required one).
 */

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
export async function listCouponRows(db: Db, f: CouponFilter, trx?: Transaction<Database>) {
  let base: SelectQueryBuilder<Database, 'coupons', object> = q(db, trx)
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

export function findCouponRow(db: Db, channelId: number, id: number, trx?: Transaction<Database>) {
  return q(db, trx)
    .selectFrom('coupons')
    .leftJoin('images', 'images.id', 'coupons.image_id')
    .selectAll('coupons')
    .select('images.name as image_name')
    .where('coupons.channel_id', '=', channelId)
    .where('coupons.id', '=', id)
    .executeTakeFirst();
}

export async function countCoupons(db: Db, channelId: number, trx?: Transaction<Database>): Promise<number> {
  const row = await q(db, trx)
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
export async function lockChannel(db: Db, channelId: number, trx: Transaction<Database>): Promise<void> {
  await q(db, trx)
    .updateTable('channels')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', channelId)
    .execute();
}

export function insertCoupon(
  db: Db,
  row: Insertable<CouponsTable>,
  trx?: Transaction<Database>,
): Promise<CouponRow> {
  return q(db, trx).insertInto('coupons').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Rewrites a coupon of the channel; false when the channel has no such coupon. */
export async function updateCoupon(
  db: Db,
  channelId: number,
  id: number,
  patch: Updateable<CouponsTable>,
  trx?: Transaction<Database>,
): Promise<boolean> {
  const result = await q(db, trx)
    .updateTable('coupons')
    .set(patch)
    .where('channel_id', '=', channelId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Of `ids`, those that are coupons of this channel, with their picture ids. */
export function couponsOfChannel(
  db: Db,
  channelId: number,
  ids: readonly number[],
  trx?: Transaction<Database>,
) {
  return q(db, trx)
    .selectFrom('coupons')
    .select(['id', 'image_id'])
    .where('channel_id', '=', channelId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function deleteCouponRows(
  db: Db,
  channelId: number,
  ids: readonly number[],
  trx?: Transaction<Database>,
): Promise<number> {
  const result = await q(db, trx)
    .deleteFrom('coupons')
    .where('channel_id', '=', channelId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// Frozen copies (`coupon_copies`, migration 0018): a coupon as a message carried it when reserved.

/**
 * Copies the channel's library coupon `id` into `coupon_copies`, with a copy of its picture row
 * (purpose 'coupon_copy': deleting the library coupon deletes only its own picture). Undefined
 * when the channel has no such coupon. Inside the reserving transaction.
 */
export async function copyCoupon(
  db: Db,
  channelId: number,
  id: number,
  now: number,
  trx: Transaction<Database>,
): Promise<{ id: number; dateTo: string } | undefined> {
  const coupon = await q(db, trx)
    .selectFrom('coupons')
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!coupon) return undefined;
  let imageId: number | null = null;
  if (coupon.image_id !== null) {
    const image = await q(db, trx)
      .insertInto('images')
      .columns([
        'channel_id',
        'purpose',
        'name',
        'content_type',
        'width',
        'height',
        'byte_size',
        'data',
        'created_at',
      ])
      .expression((eb) =>
        eb
          .selectFrom('images')
          .select([
            'channel_id',
            sql.lit('coupon_copy').as('purpose'),
            'name',
            'content_type',
            'width',
            'height',
            'byte_size',
            'data',
            sql.lit(now).as('created_at'),
          ])
          .where('id', '=', coupon.image_id as number)
          .where('channel_id', '=', channelId),
      )
      .returning('id')
      .executeTakeFirst();
    imageId = image ? Number(image.id) : null;
  }
  const { id: _id, image_id: _image, created_at: _created, ...fields } = coupon;
  const row = await q(db, trx)
    .insertInto('coupon_copies')
    .values({ ...fields, coupon_id: Number(coupon.id), image_id: imageId, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), dateTo: coupon.date_to };
}

export type CouponCopyRow = CouponCopiesRow & { image_name: string | null };

/** Copies of the channel by id, with their picture's name. */
export function findCouponCopies(
  db: Db,
  ids: readonly number[],
  trx?: Transaction<Database>,
): Promise<CouponCopyRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return q(db, trx)
    .selectFrom('coupon_copies')
    .leftJoin('images', 'images.id', 'coupon_copies.image_id')
    .selectAll('coupon_copies')
    .select('images.name as image_name')
    .where('coupon_copies.id', 'in', [...ids])
    .execute();
}

/** Library coupons of the channel by id, with their picture's name (a draft shows them live). */
export function findCouponRows(
  db: Db,
  channelId: number,
  ids: readonly number[],
  trx?: Transaction<Database>,
) {
  if (ids.length === 0) return Promise.resolve([]);
  return q(db, trx)
    .selectFrom('coupons')
    .leftJoin('images', 'images.id', 'coupons.image_id')
    .selectAll('coupons')
    .select('images.name as image_name')
    .where('coupons.channel_id', '=', channelId)
    .where('coupons.id', 'in', [...ids])
    .execute();
}

/** Marks a copy cancelled with the text followers see; false when it already was (or is gone). */
export async function cancelCouponCopy(
  db: Db,
  channelId: number,
  id: number,
  text: string,
  now: number,
  trx?: Transaction<Database>,
): Promise<boolean> {
  const result = await q(db, trx)
    .updateTable('coupon_copies')
    .set({ cancelled_at: now, cancel_text: text })
    .where('channel_id', '=', channelId)
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes copies of the channel and their pictures. */
export async function deleteCouponCopies(
  db: Db,
  channelId: number,
  ids: readonly number[],
  trx: Transaction<Database>,
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await q(db, trx)
    .deleteFrom('coupon_copies')
    .where('channel_id', '=', channelId)
    .where('id', 'in', [...ids])
    .returning('image_id')
    .execute();
  const pictures = rows.map((r) => r.image_id).filter((v): v is number => v !== null);
  if (pictures.length > 0)
    await q(db, trx)
      .deleteFrom('images')
      .where('channel_id', '=', channelId)
      .where('id', 'in', pictures.map(Number))
      .execute();
}

/** Ids of copies whose last day is before `today` (yyyy-MM-dd, Japan) among `ids`. */
export async function endedCouponCopyIds(
  db: Db,
  ids: readonly number[],
  today: string,
  trx?: Transaction<Database>,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await q(db, trx)
    .selectFrom('coupon_copies')
    .select('id')
    .where('id', 'in', [...ids])
    .where('date_to', '<', today)
    .execute();
  return rows.map((r) => Number(r.id));
}
