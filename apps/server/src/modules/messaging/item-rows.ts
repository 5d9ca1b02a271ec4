import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/client';
import { dialectSql } from '../../db/dialect';
import { q } from '../../db/queryable';
import type { Database, MessagesTable, WelcomeMessagesTable } from '../../db/schema';
import type { ItemTable } from './items';

/**
 * The SQL that is the same for both kinds of item, messages and welcome messages (items.ts; each
 * caller passes its kind's table): both are a channel's push text, content, picture and coupon, in
 * rows named by `id`.
 */

/** A row of `table`, typed by its table (each function below answers it for the table it is given). */
export type RowOf<T extends ItemTable> = Selectable<Database[T]>;

// The functions that answer rows are declared once for any table, T, and written for both at once:
// Kysely types a select from `messages | welcome_messages` with the columns of either.

/** The channel's row `id`. */
export function findRow<T extends ItemTable>(
  db: Db,
  table: T,
  channelId: number,
  id: number,
  trx?: Transaction<Database>,
): Promise<RowOf<T> | undefined>;
export function findRow(
  db: Db,
  table: ItemTable,
  channelId: number,
  id: number,
  trx?: Transaction<Database>,
) {
  return q(db, trx)
    .selectFrom(table)
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The channel's rows among `ids`, locked until the transaction ends on PostgreSQL (id order). */
export function lockRows<T extends ItemTable>(
  db: Db,
  table: T,
  channelId: number,
  ids: readonly number[],
  trx: Transaction<Database>,
): Promise<RowOf<T>[]>;
export function lockRows(
  db: Db,
  table: ItemTable,
  channelId: number,
  ids: readonly number[],
  trx: Transaction<Database>,
) {
  let query = q(db, trx)
    .selectFrom(table)
    .selectAll()
    .where('channel_id', '=', channelId)
    .where('id', 'in', [...ids])
    .orderBy('id');
  if (dialectSql(db.dialect).rowLocks) query = query.forUpdate();
  return query.execute();
}

export function insertRow<T extends ItemTable>(
  db: Db,
  table: T,
  row: Insertable<Database[T]>,
  trx?: Transaction<Database>,
): Promise<RowOf<T>> {
  return q(db, trx).insertInto(table).values(row).returningAll().executeTakeFirstOrThrow();
}

/** Rewrites the channel's row `id` while its status is one of `statuses`; undefined when it is not. */
export function updateRowIn<T extends ItemTable>(
  db: Db,
  table: T,
  channelId: number,
  id: number,
  statuses: readonly number[],
  patch: Updateable<Database[T]>,
  trx?: Transaction<Database>,
): Promise<RowOf<T> | undefined>;
export function updateRowIn(
  db: Db,
  table: ItemTable,
  channelId: number,
  id: number,
  statuses: readonly number[],
  patch: Updateable<MessagesTable> | Updateable<WelcomeMessagesTable>,
  trx?: Transaction<Database>,
) {
  return q(db, trx)
    .updateTable(table)
    .set(patch)
    .where('channel_id', '=', channelId)
    .where('id', '=', id)
    .where('status', 'in', [...statuses])
    .returningAll()
    .executeTakeFirst();
}

/** Deletes the channel's rows among `ids`; how many went. */
export async function deleteRows(
  db: Db,
  table: ItemTable,
  channelId: number,
  ids: readonly number[],
  trx: Transaction<Database>,
): Promise<number> {
  const result = await q(db, trx)
    .deleteFrom(table)
    .where('channel_id', '=', channelId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Which of the channel's library coupons `ids` a row in one of `statuses` names, and its push text
 * (the E-715 veto on deleting a coupon: `{ id, by }`), read inside the asking transaction if any.
 */
export async function couponsNamedBy(
  db: Db,
  table: ItemTable,
  statuses: readonly number[],
  question: { channelId: number; ids: readonly number[]; trx?: Transaction<Database> },
): Promise<Array<{ id: number; by: string }>> {
  const rows = await q(db, question.trx)
    .selectFrom(table)
    .select(['coupon_id', 'push_text'])
    .where('channel_id', '=', question.channelId)
    .where('status', 'in', [...statuses])
    .where('coupon_id', 'in', [...question.ids])
    .execute();
  return rows.map((r) => ({ id: Number(r.coupon_id), by: r.push_text }));
}

/** Which of these picture URLs a row (any status) shows. */
export async function imagesInUse(
  db: Db,
  table: ItemTable,
  urls: readonly string[],
  trx: Transaction<Database>,
): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const rows = await q(db, trx)
    .selectFrom(table)
    .select('background_image_url')
    .distinct()
    .where('background_image_url', 'in', [...urls])
    .execute();
  return new Set(rows.map((r) => r.background_image_url));
}

/** What a push shows of a row. */
export interface PushedRow {
  id: number;
  channel_id: number;
  push_text: string;
  coupon_copy_id: number | null;
}

/** Rows by id (of one channel when `channelId` is given, else whatever their channel: the push sweep), by id. */
export async function pushedRows(
  db: Db,
  table: ItemTable,
  ids: readonly number[],
  channelId?: number,
): Promise<Map<number, PushedRow>> {
  if (ids.length === 0) return new Map();
  let query = db.kysely
    .selectFrom(table)
    .select(['id', 'channel_id', 'push_text', 'coupon_copy_id'])
    .where('id', 'in', [...new Set(ids)]);
  if (channelId !== undefined) query = query.where('channel_id', '=', channelId);
  const rows = await query.execute();
  return new Map(rows.map((r) => [Number(r.id), r]));
}

/** The push_text of each of these rows of the channel (channel analytics names its rows). */
export async function pushTexts(
  db: Db,
  table: ItemTable,
  channelId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const rows = await pushedRows(db, table, ids, channelId);
  return new Map([...rows].map(([id, r]) => [id, r.push_text]));
}
