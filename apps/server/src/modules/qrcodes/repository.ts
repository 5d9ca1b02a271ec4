import { type ExpressionBuilder, type Kysely, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database, NewQrCode, QrCodeRow } from '../../db/schema';

/** All SQL of the QR manager. Each function takes an optional transaction. */
type Q = Kysely<Database> | Transaction<Database>;
const q = (db: Db, trx?: Transaction<Database>): Q => trx ?? db.kysely;

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

export function findViewableQrCode(db: Db, id: string, viewer: Viewer): Promise<QrCodeRow | undefined> {
  return db.kysely
    .selectFrom('qr_codes')
    .selectAll()
    .where('id', '=', id)
    .where(ownedBy(viewer))
    .executeTakeFirst();
}

export function findMemberQrCode(
  db: Db,
  id: string,
  userId: string,
  trx?: Transaction<Database>,
): Promise<QrCodeRow | undefined> {
  return q(db, trx)
    .selectFrom('qr_codes')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
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

/** Our reader resolves secret codes with this (the reader issue adds its route). */
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

export async function listQrCodes(db: Db, f: ListFilter): Promise<{ rows: QrCodeRow[]; total: number }> {
  let base: SelectQueryBuilder<Database, 'qr_codes', object> = db.kysely.selectFrom('qr_codes');
  // Sharing arrives with the next issue. It supplies the share table, and these two filters become
  // "id in (select qr_id from qr_shares where user_id = viewer)" and "exists (select 1 from qr_shares
  // where qr_id = qr_codes.id)". Until then nothing is shared, so both select no row.
  base = f.sharedWithViewer ? base.where(nothing) : base.where(ownedBy(f.viewer));
  if (f.onlyShared) base = base.where(nothing);
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
  return { rows, total: Number(count.n) };
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

/** Deletes a member's code (its reads go with it); false when it is not theirs. */
export async function deleteMemberQrCode(db: Db, id: string, userId: string): Promise<boolean> {
  const result = await db.kysely
    .deleteFrom('qr_codes')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
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
