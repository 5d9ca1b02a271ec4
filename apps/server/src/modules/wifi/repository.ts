import { WIFI_PAGE_STATUS, type WifiPageStatus } from '@qrqr/shared/wifi-constants';
import { type ExpressionBuilder, type Insertable, sql, type Transaction, type Updateable } from 'kysely';
import type { Db } from '../../db/client';
import { q } from '../../db/queryable';
import type { Database, WifiPageRow, WifiPagesTable } from '../../db/schema';

/**
 * All SQL of Wi-Fi welcome pages (the wifi module owns `wifi_*`). Pictures are rows of `images`
 * (platform/media/images.ts). Each function takes an optional transaction.
 *
 * A page's status is read, never stored: published when one of its links' release time has
 * passed (`now`), so the release is exact in every process without a timer or a cache.
 */

export type LinkRow = { qr_id: string; page_id: number; release_at: number };
export type PageRowWithImages = WifiPageRow & {
  header_image: string | null;
  background_image: string | null;
  coupon_image: string | null;
  coupon_image_draft: string | null;
};

const released = (now: number) => (eb: ExpressionBuilder<Database, 'wifi_pages'>) =>
  eb.exists(
    eb
      .selectFrom('wifi_page_links')
      .select('wifi_page_links.qr_id')
      .whereRef('wifi_page_links.page_id', '=', 'wifi_pages.id')
      .where('wifi_page_links.release_at', '<=', now),
  );

/** One page of the member's pages, newest change first, with their status at `now`. */
export async function listPageRows(
  db: Db,
  f: {
    userId: string;
    keyword?: string;
    status?: WifiPageStatus;
    now: number;
    offset: number;
    limit: number;
  },
) {
  let base = db.kysely.selectFrom('wifi_pages').where('wifi_pages.user_id', '=', f.userId);
  if (f.keyword) base = base.where('wifi_pages.title_folded', 'like', likeContains(f.keyword));
  if (f.status === WIFI_PAGE_STATUS.published) base = base.where(released(f.now));
  if (f.status === WIFI_PAGE_STATUS.reserved) base = base.where((eb) => eb.not(released(f.now)(eb)));
  const [rows, count] = await Promise.all([
    base
      .innerJoin('channels', 'channels.id', 'wifi_pages.channel_id')
      .select([
        'wifi_pages.id',
        'wifi_pages.title',
        'wifi_pages.channel_id',
        'channels.channel_name',
        'wifi_pages.updated_at',
      ])
      .select((eb) => released(f.now)(eb).as('is_published'))
      .orderBy('wifi_pages.updated_at', 'desc')
      .orderBy('wifi_pages.id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** `%text%` with LIKE's wildcards escaped (the escape character is `\`). */
function likeContains(text: string) {
  return sql<string>`${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} escape '\\'`;
}

/**
 * A page with its pictures' names: the member's page `id` (undefined for another member's), or a
 * page by its public code or its id (the guest's side).
 */
export function findPageRow(
  db: Db,
  where: { userId: string; id: number } | { code: string } | { pageId: number },
  trx?: Transaction<Database>,
): Promise<PageRowWithImages | undefined> {
  let query = q(db, trx)
    .selectFrom('wifi_pages')
    .leftJoin('images as hi', 'hi.id', 'wifi_pages.header_image_id')
    .leftJoin('images as bi', 'bi.id', 'wifi_pages.background_image_id')
    .leftJoin('images as ci', 'ci.id', 'wifi_pages.coupon_image_id')
    .leftJoin('images as di', 'di.id', 'wifi_pages.coupon_image_draft_id')
    .selectAll('wifi_pages')
    .select([
      'hi.name as header_image',
      'bi.name as background_image',
      'ci.name as coupon_image',
      'di.name as coupon_image_draft',
    ]);
  if ('code' in where) query = query.where('wifi_pages.code', '=', where.code);
  else if ('pageId' in where) query = query.where('wifi_pages.id', '=', where.pageId);
  else query = query.where('wifi_pages.id', '=', where.id).where('wifi_pages.user_id', '=', where.userId);
  return query.executeTakeFirst() as Promise<PageRowWithImages | undefined>;
}

/** Of `ids`, those that are pages of the member, locked for the transaction on PostgreSQL. */
export function memberPageIds(
  db: Db,
  userId: string,
  ids: readonly number[],
  trx?: Transaction<Database>,
): Promise<number[]> {
  if (ids.length === 0) return Promise.resolve([]);
  let query = q(db, trx)
    .selectFrom('wifi_pages')
    .select('id')
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .orderBy('id');
  if (trx && db.dialect === 'postgres') query = query.forUpdate();
  return query.execute().then((rows) => rows.map((r) => Number(r.id)));
}

export async function insertPage(
  db: Db,
  row: Insertable<WifiPagesTable>,
  trx?: Transaction<Database>,
): Promise<number> {
  const saved = await q(db, trx)
    .insertInto('wifi_pages')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(saved.id);
}

export async function updatePage(
  db: Db,
  userId: string,
  id: number,
  patch: Updateable<WifiPagesTable>,
  trx?: Transaction<Database>,
): Promise<boolean> {
  const result = await q(db, trx)
    .updateTable('wifi_pages')
    .set(patch)
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePageRows(
  db: Db,
  userId: string,
  ids: readonly number[],
  trx?: Transaction<Database>,
): Promise<number> {
  const result = await q(db, trx)
    .deleteFrom('wifi_pages')
    .where('user_id', '=', userId)
    .where('id', 'in', [...ids])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Picture ids of these pages that no other page uses (deleted with the pages). */
export async function picturesOnlyOf(
  db: Db,
  ids: readonly number[],
  trx?: Transaction<Database>,
): Promise<Array<{ channelId: number; imageId: number }>> {
  const rows = await q(db, trx)
    .selectFrom('wifi_pages')
    .select([
      'id',
      'channel_id',
      'header_image_id',
      'background_image_id',
      'coupon_image_id',
      'coupon_image_draft_id',
    ])
    .where('channel_id', 'in', (eb) =>
      eb
        .selectFrom('wifi_pages as p')
        .select('p.channel_id')
        .where('p.id', 'in', [...ids]),
    )
    .execute();
  const gone = new Set(ids);
  const kept = new Set<number>();
  const candidates = new Map<number, number>();
  for (const r of rows) {
    for (const img of [
      r.header_image_id,
      r.background_image_id,
      r.coupon_image_id,
      r.coupon_image_draft_id,
    ]) {
      if (img === null) continue;
      if (gone.has(Number(r.id))) candidates.set(Number(img), Number(r.channel_id));
      else kept.add(Number(img));
    }
  }
  return [...candidates]
    .filter(([img]) => !kept.has(img))
    .map(([imageId, channelId]) => ({ imageId, channelId }));
}

// --- links ---

/** The links of these pages with their codes, oldest first. */
export function linksOfPages(db: Db, pageIds: readonly number[], trx?: Transaction<Database>) {
  if (pageIds.length === 0) return Promise.resolve([] as Array<LinkRow & { created_at: number }>);
  return q(db, trx)
    .selectFrom('wifi_page_links')
    .selectAll()
    .where('page_id', 'in', [...pageIds])
    .orderBy('created_at')
    .orderBy('qr_id')
    .execute();
}

/** The link of one code, with whether its page is released at `now`. */
export function linkOfCode(db: Db, qrId: string, trx?: Transaction<Database>): Promise<LinkRow | undefined> {
  return q(db, trx)
    .selectFrom('wifi_page_links')
    .select(['qr_id', 'page_id', 'release_at'])
    .where('qr_id', '=', qrId)
    .executeTakeFirst();
}

/** The links of these codes (any page). */
export function linksOfCodes(
  db: Db,
  qrIds: readonly string[],
  trx?: Transaction<Database>,
): Promise<LinkRow[]> {
  if (qrIds.length === 0) return Promise.resolve([]);
  return q(db, trx)
    .selectFrom('wifi_page_links')
    .select(['qr_id', 'page_id', 'release_at'])
    .where('qr_id', 'in', [...qrIds])
    .execute();
}

export async function insertLinks(
  db: Db,
  rows: Array<LinkRow & { created_at: number }>,
  trx?: Transaction<Database>,
): Promise<void> {
  if (rows.length > 0) await q(db, trx).insertInto('wifi_page_links').values(rows).execute();
}

/** Sets the release of a page's links (all, or those among `qrIds`); `onlyLater` keeps released ones. */
export async function setRelease(
  db: Db,
  input: { pageId: number; qrIds?: readonly string[]; releaseAt: number; onlyLater?: boolean },
  trx?: Transaction<Database>,
): Promise<number> {
  let query = q(db, trx)
    .updateTable('wifi_page_links')
    .set({ release_at: input.releaseAt })
    .where('page_id', '=', input.pageId);
  if (input.qrIds) query = query.where('qr_id', 'in', [...input.qrIds]);
  if (input.onlyLater) query = query.where('release_at', '>', input.releaseAt);
  return Number((await query.executeTakeFirst()).numUpdatedRows);
}

export async function deleteLinks(
  db: Db,
  pageId: number,
  qrIds: readonly string[],
  trx?: Transaction<Database>,
): Promise<number> {
  const result = await q(db, trx)
    .deleteFrom('wifi_page_links')
    .where('page_id', '=', pageId)
    .where('qr_id', 'in', [...qrIds])
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Is the page released at `now` (one of its links' release time passed)? */
export async function isReleased(db: Db, pageId: number, now: number, trx?: Transaction<Database>) {
  const row = await q(db, trx)
    .selectFrom('wifi_page_links')
    .select('qr_id')
    .where('page_id', '=', pageId)
    .where('release_at', '<=', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// --- the coupon of a page: once per device, never more than the available count ---

/** Records this device's use; false when it already used this page's coupon. */
export async function insertCouponUse(
  db: Db,
  row: { page_id: number; device_hash: string; used_at: number },
  trx: Transaction<Database>,
): Promise<boolean> {
  const result = await q(db, trx)
    .insertInto('wifi_coupon_uses')
    .values(row)
    .onConflict((oc) => oc.columns(['page_id', 'device_hash']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** When this device used the page's coupon (Unix ms), or null: never, or no device. */
export async function couponUseOf(db: Db, pageId: number, deviceHash: string | null): Promise<number | null> {
  if (deviceHash === null) return null;
  const row = await db.kysely
    .selectFrom('wifi_coupon_uses')
    .select('used_at')
    .where('page_id', '=', pageId)
    .where('device_hash', '=', deviceHash)
    .executeTakeFirst();
  return row ? Number(row.used_at) : null;
}

/**
 * Takes one coupon when one is left: a single conditional UPDATE, so two guests can never take
 * the last one (PostgreSQL re-checks the condition on the locked row; SQLite writes one at a time).
 * Answers the used count after, or undefined when none was left.
 */
export async function takeCoupon(
  db: Db,
  pageId: number,
  trx: Transaction<Database>,
): Promise<{ used: number; available: number } | undefined> {
  const row = await q(db, trx)
    .updateTable('wifi_pages')
    .set((eb) => ({ coupon_used_count: eb('coupon_used_count', '+', 1) }))
    .where('id', '=', pageId)
    .where('coupon_type', 'is not', null)
    .where((eb) =>
      eb.or([
        eb('coupon_available_count', '<', 0),
        eb('coupon_used_count', '<', eb.ref('coupon_available_count')),
      ]),
    )
    .returning(['coupon_used_count', 'coupon_available_count'])
    .executeTakeFirst();
  return row && { used: row.coupon_used_count, available: row.coupon_available_count };
}

// --- rollups (Asia/Tokyo days) ---

export type DayCounter = 'scans' | 'views' | 'uniques' | 'coupon_views' | 'coupon_uses' | 'follows';

/** Adds one to a counter of the page's day. */
export async function countDay(
  db: Db,
  input: { pageId: number; day: string; counter: DayCounter },
  trx?: Transaction<Database>,
): Promise<void> {
  const { counter } = input;
  await q(db, trx)
    .insertInto('wifi_page_days')
    .values({ page_id: input.pageId, day: input.day, [counter]: 1 })
    .onConflict((oc) =>
      oc
        .columns(['page_id', 'day'])
        .doUpdateSet((eb) => ({ [counter]: eb(eb.ref(`wifi_page_days.${counter}`), '+', 1) })),
    )
    .execute();
}

/** Notes a device's visit of the day; true when it is its first that day (a unique device). */
export async function noteVisitor(
  db: Db,
  row: { page_id: number; day: string; device_hash: string },
  trx?: Transaction<Database>,
): Promise<boolean> {
  const result = await q(db, trx)
    .insertInto('wifi_page_visitors')
    .values(row)
    .onConflict((oc) => oc.columns(['page_id', 'day', 'device_hash']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Drops visitor rows of days before `day` (they only made those days' unique counts). */
export async function forgetVisitorsBefore(db: Db, day: string): Promise<void> {
  await db.kysely.deleteFrom('wifi_page_visitors').where('day', '<', day).execute();
}

export async function countLinkClick(
  db: Db,
  input: { pageId: number; day: string; linkIndex: number },
  trx?: Transaction<Database>,
): Promise<void> {
  await q(db, trx)
    .insertInto('wifi_page_link_days')
    .values({ page_id: input.pageId, day: input.day, link_index: input.linkIndex, clicks: 1 })
    .onConflict((oc) =>
      oc
        .columns(['page_id', 'day', 'link_index'])
        .doUpdateSet((eb) => ({ clicks: eb(eb.ref('wifi_page_link_days.clicks'), '+', 1) })),
    )
    .execute();
}

/** The member's pages' rollups from `from` to `to` (days), with each page's title. */
export async function dayRowsOfMember(db: Db, userId: string, from: string, to: string) {
  const [days, links] = await Promise.all([
    db.kysely
      .selectFrom('wifi_page_days')
      .innerJoin('wifi_pages', 'wifi_pages.id', 'wifi_page_days.page_id')
      .selectAll('wifi_page_days')
      .select('wifi_pages.title')
      .where('wifi_pages.user_id', '=', userId)
      .where('wifi_page_days.day', '>=', from)
      .where('wifi_page_days.day', '<=', to)
      .orderBy('wifi_page_days.day')
      .orderBy('wifi_page_days.page_id')
      .execute(),
    db.kysely
      .selectFrom('wifi_page_link_days')
      .innerJoin('wifi_pages', 'wifi_pages.id', 'wifi_page_link_days.page_id')
      .selectAll('wifi_page_link_days')
      .where('wifi_pages.user_id', '=', userId)
      .where('wifi_page_link_days.day', '>=', from)
      .where('wifi_page_link_days.day', '<=', to)
      .execute(),
  ]);
  return { days, links };
}

/** The page's id and status rows for codes about to be deleted (the delete warning). */
export async function pagesOfCode(db: Db, qrId: string, now: number, trx?: Transaction<Database>) {
  const link = await linkOfCode(db, qrId, trx);
  if (!link) return [];
  const published = await isReleased(db, Number(link.page_id), now, trx);
  return [
    {
      serviceId: Number(link.page_id),
      status: published ? WIFI_PAGE_STATUS.published : WIFI_PAGE_STATUS.reserved,
    },
  ];
}
