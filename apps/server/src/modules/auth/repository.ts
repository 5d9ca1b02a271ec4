import type { Selectable, Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { q } from '../../db/queryable';
import type { ConfirmationPurpose, Database, NewUser, SignInLocksTable, UserRow } from '../../db/schema';

/** All SQL of accounts. Each function takes an optional transaction. */

export function findUserByEmail(
  db: Db,
  email: string,
  trx?: Transaction<Database>,
): Promise<UserRow | undefined> {
  return q(db, trx).selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Db, id: string, trx?: Transaction<Database>): Promise<UserRow | undefined> {
  return q(db, trx).selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findActiveUser(db: Db, id: string): Promise<UserRow | undefined> {
  const user = await findUserById(db, id);
  return user?.status === 'active' ? user : undefined;
}

export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.kysely.insertInto('users').values(user).execute();
}

export async function updateUser(
  db: Db,
  id: string,
  patch: Partial<Omit<UserRow, 'id' | 'created_at'>>,
  trx?: Transaction<Database>,
): Promise<void> {
  await q(db, trx)
    .updateTable('users')
    .set({ ...patch, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

export async function deleteUser(db: Db, id: string): Promise<void> {
  await db.kysely.deleteFrom('users').where('id', '=', id).execute();
}

export async function deletePendingUser(db: Db, id: string, trx?: Transaction<Database>): Promise<void> {
  await q(db, trx).deleteFrom('users').where('id', '=', id).where('status', '=', 'pending').execute();
}

/** Pending sign-ups nobody activated are removed after a week. */
export async function deleteStalePendingUsers(db: Db, olderThan: number): Promise<void> {
  await db.kysely
    .deleteFrom('users')
    .where('status', '=', 'pending')
    .where('created_at', '<', olderThan)
    .execute();
}

export async function insertConfirmation(
  db: Db,
  row: {
    user_id: string;
    purpose: ConfirmationPurpose;
    code_hash: string;
    new_email?: string;
    expires_at: number;
  },
): Promise<void> {
  // A new link replaces any open one of the same purpose.
  await db.kysely
    .deleteFrom('confirmations')
    .where('user_id', '=', row.user_id)
    .where('purpose', '=', row.purpose)
    .where('used_at', 'is', null)
    .execute();
  await db.kysely
    .insertInto('confirmations')
    .values({ ...row, new_email: row.new_email ?? null, used_at: null, created_at: Date.now() })
    .execute();
}

export function findOpenConfirmation(
  db: Db,
  where: { user_id: string; purpose: ConfirmationPurpose; code_hash: string },
  trx?: Transaction<Database>,
) {
  return q(db, trx)
    .selectFrom('confirmations')
    .selectAll()
    .where('user_id', '=', where.user_id)
    .where('purpose', '=', where.purpose)
    .where('code_hash', '=', where.code_hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', Date.now())
    .executeTakeFirst();
}

/** A link that was already used (kept until housekeeping deletes it, a week after it expires). */
export function findUsedConfirmation(
  db: Db,
  where: { user_id: string; purpose: ConfirmationPurpose; code_hash: string },
) {
  return db.kysely
    .selectFrom('confirmations')
    .select('id')
    .where('user_id', '=', where.user_id)
    .where('purpose', '=', where.purpose)
    .where('code_hash', '=', where.code_hash)
    .where('used_at', 'is not', null)
    .executeTakeFirst();
}

/** Marks a link used; false when another request used it first (a link works once). */
export async function markConfirmationUsed(
  db: Db,
  id: number,
  trx?: Transaction<Database>,
): Promise<boolean> {
  const result = await q(db, trx)
    .updateTable('confirmations')
    .set({ used_at: Date.now() })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteOldConfirmations(db: Db, olderThan: number): Promise<void> {
  await db.kysely.deleteFrom('confirmations').where('expires_at', '<', olderThan).execute();
}

export function findSignInLock(db: Db, emailHash: string) {
  return db.kysely
    .selectFrom('sign_in_locks')
    .selectAll()
    .where('email_hash', '=', emailHash)
    .executeTakeFirst();
}

export async function saveSignInLock(db: Db, row: Selectable<SignInLocksTable>): Promise<void> {
  const { email_hash, ...rest } = row;
  await db.kysely
    .insertInto('sign_in_locks')
    .values(row)
    .onConflict((oc) => oc.column('email_hash').doUpdateSet(rest))
    .execute();
}

export async function deleteSignInLock(db: Db, emailHash: string): Promise<void> {
  await db.kysely.deleteFrom('sign_in_locks').where('email_hash', '=', emailHash).execute();
}

/** Housekeeping: rows neither locked nor touched since `before`. */
export async function deleteStaleSignInLocks(db: Db, before: number): Promise<void> {
  await db.kysely
    .deleteFrom('sign_in_locks')
    .where('updated_at', '<', before)
    .where('locked_until', '<', before)
    .execute();
}
