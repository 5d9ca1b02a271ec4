import { QR_TABS } from '@qrqr/shared/qr-constants';
import { type ExpressionBuilder, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { q } from '../../db/queryable';
import type { Database, NewQrCode, QrCodeRow } from '../../db/schema';

/** All SQL of the QR manager. Each function takes an optional transaction. */

/** Who is asking: a member, a guest with a history key (its SHA-256), or both. */
export interface Viewer {
  userId: string | null;
  guestKeyHash: string | null;
}

/** A condition no row meets (booleans are not bindable on SQLite). */
const nothing = sql<boolean>`1 = 0`;

/** A code is the viewer's when the member owns it, or when it is a guest code of the viewer's history. */
function ownedBy(viewer: Viewer) {
  return (eb: ExpressionBuilder<Database, 'qr_codes'>) => {
    const ors = [];
    if (viewer.userId) ors.push(eb('user_id', '=', viewer.userId));
    if (viewer.guestKeyHash)
      ors.push(eb.and([eb('user_id', 'is', null), eb('guest_key_hash', '=', viewer.guestKeyHash)]));
    return ors.length ? eb.or(ors) : nothing;
  };
}

export async function insertQrCode(db: Db, row: NewQrCode, trx?: Transaction<Database>): Promise<void> {
  await q(db, trx).insertInto('qr_codes').values(row).execute();
}

export function findQrCode(db: Db, id: string, trx?: Transaction<Database>): Promise<QrCodeRow | undefined> {
  return q(db, trx).selectFrom('qr_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

type ShortCodeRow = Pick<QrCodeRow, 'id' | 'tab' | 'content' | 'analytics_paused'>;
const shortCodeStatements = new WeakMap<object, { get(code: string): unknown }>();

/**
 * What /r/{code} needs to answer. On SQLite a statement prepared once runs on the handle directly:
 * Kysely would prepare it for every scan and queue it behind an open read-flush transaction (one
 * connection), and a plain SELECT of a code row is safe to run beside that transaction.
 */
export async function findByShortCode(db: Db, shortCode: string): Promise<ShortCodeRow | undefined> {
  if (db.sqlite) {
    let statement = shortCodeStatements.get(db.sqlite);
    if (!statement) {
      statement = db.sqlite.prepare(
        'select id, tab, content, analytics_paused from qr_codes where short_code = ?',
      );
      shortCodeStatements.set(db.sqlite, statement);
    }
    return statement.get(shortCode) as ShortCodeRow | undefined;
  }
  return db.kysely
    .selectFrom('qr_codes')
    .select(['id', 'tab', 'content', 'analytics_paused'])
    .where('short_code', '=', shortCode)
    .executeTakeFirst();
}

/** Our reader resolves secret codes with this (through lookup.ts). */
export function findBySecretToken(db: Db, token: string): Promise<QrCodeRow | undefined> {
  return db.kysely.selectFrom('qr_codes').selectAll().where('secret_token', '=', token).executeTakeFirst();
}

export interface ListFilter {
  viewer: Viewer;
  /** type=share: codes other members shared with the viewer. */
  sharedWithViewer: boolean;
  /** share=exist: the viewer's codes that have share entries. */
  onlyShared: boolean;
  /** Folded (see foldTitle) substring of the title, LIKE wildcards not yet escaped. */
  title?: string;
  createdFrom?: number;
  createdTo?: number;
  offset: number;
  limit: number;
}

/** A listed code; shared-tab rows also carry the owner's name and the viewer's share flags. */
export type ListedQrCode = QrCodeRow & {
  share?: {
    owner_name: string;
    can_view: number;
    can_edit_title: number;
    can_delete_code: number;
    can_manage_users: number;
  };
};

export async function listQrCodes(db: Db, f: ListFilter): Promise<{ rows: ListedQrCode[]; total: number }> {
  let base: SelectQueryBuilder<Database, 'qr_codes', object> = db.kysely.selectFrom('qr_codes');
  // type=share: codes others shared with the viewer (an accepted share; guests have none).
  if (f.sharedWithViewer) {
    const userId = f.viewer.userId;
    base = userId
      ? base.where('id', 'in', (eb) =>
          eb.selectFrom('qr_shares').select('qr_id').where('user_id', '=', userId),
        )
      : base.where(nothing);
  } else base = base.where(ownedBy(f.viewer));
  // share=exist: codes with someone else on them, accepted or still invited.
  if (f.onlyShared)
    base = base.where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('qr_shares').select('qr_id').whereRef('qr_shares.qr_id', '=', 'qr_codes.id')),
        eb.exists(
          eb
            .selectFrom('share_invitations')
            .select('qr_id')
            .whereRef('share_invitations.qr_id', '=', 'qr_codes.id')
            .where('share_invitations.expires_at', '>', Date.now()),
        ),
      ]),
    );
  if (f.title) base = base.where(sql<boolean>`title_folded like ${likeContains(f.title)} escape '\\'`);
  if (f.createdFrom !== undefined) base = base.where('created_at', '>=', f.createdFrom);
  if (f.createdTo !== undefined) base = base.where('created_at', '<=', f.createdTo);

  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(f.limit)
      .offset(f.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  if (!f.sharedWithViewer || !f.viewer.userId || rows.length === 0) return { rows, total: Number(count.n) };
  return { rows: await withShareDetails(db, rows, f.viewer.userId), total: Number(count.n) };
}

/** The owner's name and the viewer's permissions for each row of the shared tab. */
async function withShareDetails(db: Db, rows: QrCodeRow[], userId: string): Promise<ListedQrCode[]> {
  const details = await db.kysely
    .selectFrom('qr_shares')
    .innerJoin('qr_codes', 'qr_codes.id', 'qr_shares.qr_id')
    .leftJoin('users', 'users.id', 'qr_codes.user_id')
    .select([
      'qr_shares.qr_id',
      'qr_shares.can_view',
      'qr_shares.can_edit_title',
      'qr_shares.can_delete_code',
      'qr_shares.can_manage_users',
      'users.user_name',
    ])
    .where('qr_shares.user_id', '=', userId)
    .where(
      'qr_shares.qr_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const byId = new Map(details.map((d) => [d.qr_id, d]));
  return rows.map((r) => {
    const d = byId.get(r.id);
    if (!d) return r;
    const { qr_id: _, user_name, ...flags } = d;
    return { ...r, share: { owner_name: user_name ?? '', ...flags } };
  });
}

/** `%text%` with the LIKE wildcards and the escape character of `text` escaped. */
function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function updateQrCode(
  db: Db,
  id: string,
  patch: Partial<Omit<QrCodeRow, 'id' | 'created_at'>>,
  trx?: Transaction<Database>,
): Promise<void> {
  await q(db, trx)
    .updateTable('qr_codes')
    .set({ ...patch, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

/** Deletes a code (its reads and shares go with it); the caller has checked access. */
export async function deleteQrCodeById(db: Db, id: string): Promise<boolean> {
  const result = await db.kysely.deleteFrom('qr_codes').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** The short codes of a member's redirect codes (those /r/ answers for). */
export async function memberShortCodes(db: Db, userId: string): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('qr_codes')
    .select('short_code')
    .where('user_id', '=', userId)
    .where('short_code', 'is not', null)
    .execute();
  return rows.flatMap((r) => (r.short_code ? [r.short_code] : []));
}

/** Moves a guest history into an account; returns how many codes moved. */
export async function adoptGuestCodes(
  db: Db,
  guestKeyHash: string,
  userId: string,
  trx?: Transaction<Database>,
): Promise<number> {
  const result = await q(db, trx)
    .updateTable('qr_codes')
    .set({ user_id: userId, guest_key_hash: null, updated_at: Date.now() })
    .where('user_id', 'is', null)
    .where('guest_key_hash', '=', guestKeyHash)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// Reads

/** The random key of one day, made by whichever process needs it first. */
export async function getOrCreateReadSalt(db: Db, day: string, create: () => string): Promise<string> {
  await db.kysely
    .insertInto('read_salts')
    .values({ day, salt: create(), created_at: Date.now() })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db.kysely
    .selectFrom('read_salts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return row.salt;
}

export async function deleteOldReadSalts(db: Db, olderThan: number): Promise<void> {
  await db.kysely.deleteFrom('read_salts').where('created_at', '<', olderThan).execute();
}

/** The member's own Wi-Fi codes (the Wi-Fi tab), newest first; narrowed to `ids` when given. */
/** Members' plain Wi-Fi codes (no analysis) holding exactly `payload` (partial index, migration 0024). */
export async function plainWifiCodeIdsByPayload(db: Db, payload: string): Promise<string[]> {
  const rows = await db.kysely
    .selectFrom('qr_codes')
    .select('id')
    .where('tab', '=', QR_TABS.wifi)
    .where('analysis_type', '=', 0)
    .where('payload', '=', payload)
    .where('user_id', 'is not', null)
    .limit(50)
    .execute();
  return rows.map((r) => r.id);
}

export function listMemberWifiCodes(
  db: Db,
  userId: string,
  ids?: readonly string[],
  trx?: Transaction<Database>,
) {
  let query = q(db, trx)
    .selectFrom('qr_codes')
    .select(['id', 'title', 'wifi_name', 'wifi_ssid', 'content', 'created_at'])
    .where('user_id', '=', userId)
    .where('tab', '=', QR_TABS.wifi);
  if (ids) {
    if (ids.length === 0) return Promise.resolve([]);
    query = query.where('id', 'in', [...ids]);
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** The member's own codes among `ids` (bulk exports), in no particular order. */
export function memberCodesByIds(db: Db, userId: string, ids: readonly string[]): Promise<QrCodeRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.kysely
    .selectFrom('qr_codes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', 'in', ids)
    .execute();
}

/** One page of the member's codes, newest first, after the (created_at, id) of the last row seen. */
export function memberCodesPage(
  db: Db,
  input: { userId: string; after?: { createdAt: number; id: string }; limit: number },
): Promise<QrCodeRow[]> {
  const { after } = input;
  let query = db.kysely.selectFrom('qr_codes').selectAll().where('user_id', '=', input.userId);
  if (after)
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', after.createdAt),
        eb.and([eb('created_at', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(input.limit).execute();
}
