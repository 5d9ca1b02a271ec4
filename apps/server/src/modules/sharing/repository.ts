import type { Transaction } from 'kysely';
import type { Db } from '../../db/client';
import { q } from '../../db/queryable';
import type { Database, QrCodeRow } from '../../db/schema';
import type { PermissionFlags } from './permissions';

/** All SQL of the sharing module. */

export function findCode(db: Db, id: string): Promise<QrCodeRow | undefined> {
  return db.kysely.selectFrom('qr_codes').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findShare(db: Db, qrId: string, userId: string) {
  return db.kysely
    .selectFrom('qr_shares')
    .selectAll()
    .where('qr_id', '=', qrId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function userById(db: Db, id: string) {
  return db.kysely
    .selectFrom('users')
    .select(['id', 'email', 'user_name', 'locale', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Active accounts among these (normalised) addresses. */
export function activeUsersByEmail(db: Db, emails: string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db.kysely
    .selectFrom('users')
    .select(['id', 'email', 'locale'])
    .where('email', 'in', emails)
    .where('status', '=', 'active')
    .execute();
}

/** Accepted shares of a code with the recipient's address and name, oldest first. */
export function sharesOfCode(db: Db, qrId: string) {
  return db.kysely
    .selectFrom('qr_shares')
    .innerJoin('users', 'users.id', 'qr_shares.user_id')
    .select([
      'qr_shares.user_id',
      'qr_shares.can_view',
      'qr_shares.can_edit_title',
      'qr_shares.can_delete_code',
      'qr_shares.can_manage_users',
      'qr_shares.created_at',
      'users.email',
      'users.user_name',
    ])
    .where('qr_shares.qr_id', '=', qrId)
    .orderBy('qr_shares.created_at')
    .orderBy('users.email')
    .execute();
}

/** Open (unexpired) invitations of a code, oldest first. */
export function openInvitationsOfCode(db: Db, qrId: string, now: number) {
  return db.kysely
    .selectFrom('share_invitations')
    .selectAll()
    .where('qr_id', '=', qrId)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function findInvitationByHash(db: Db, codeHash: string, trx?: Transaction<Database>) {
  return q(db, trx)
    .selectFrom('share_invitations')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}

/** Oldest first; the id orders two invitations of one millisecond. */
export function openInvitationsForEmail(db: Db, email: string, now: number) {
  return db.kysely
    .selectFrom('share_invitations')
    .selectAll()
    .where('email', '=', email)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export interface NewInvitation extends PermissionFlags {
  qr_id: string;
  email: string;
  code_hash: string;
  invited_by: string;
  expires_at: number;
  created_at: number;
}

/**
 * Replaces expired invitations of the same address and code, then inserts the new ones at once
 * (in the caller's transaction `trx`, which also queues their mails, else in one of its own).
 */
export async function insertInvitations(
  db: Db,
  rows: NewInvitation[],
  trx?: Transaction<Database>,
): Promise<void> {
  if (rows.length === 0) return;
  const write = async (trx: Transaction<Database>) => {
    const qrId = rows[0]?.qr_id ?? '';
    await trx
      .deleteFrom('share_invitations')
      .where('qr_id', '=', qrId)
      .where(
        'email',
        'in',
        rows.map((r) => r.email),
      )
      .where('expires_at', '<=', Date.now())
      .execute();
    await trx.insertInto('share_invitations').values(rows).execute();
  };
  if (trx) await write(trx);
  else await db.kysely.transaction().execute(write);
}

/** Turns an invitation into a share (replacing the recipient's permissions if already shared). */
export async function acceptInvitationRow(
  invitationId: number,
  share: PermissionFlags & { qr_id: string; user_id: string },
  trx: Transaction<Database>,
): Promise<boolean> {
  const deleted = await trx.deleteFrom('share_invitations').where('id', '=', invitationId).executeTakeFirst();
  // Two acceptances of one code at once: only the one that deleted the row goes on.
  if (Number(deleted.numDeletedRows) !== 1) return false;
  await trx
    .insertInto('qr_shares')
    .values({ ...share, created_at: Date.now() })
    .onConflict((oc) =>
      oc.columns(['qr_id', 'user_id']).doUpdateSet({
        can_view: share.can_view,
        can_edit_title: share.can_edit_title,
        can_delete_code: share.can_delete_code,
        can_manage_users: share.can_manage_users,
      }),
    )
    .execute();
  return true;
}

export async function deleteShare(db: Db, qrId: string, userId: string): Promise<boolean> {
  const r = await db.kysely
    .deleteFrom('qr_shares')
    .where('qr_id', '=', qrId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}

export async function deleteInvitation(db: Db, qrId: string, id: number): Promise<boolean> {
  const r = await db.kysely
    .deleteFrom('share_invitations')
    .where('qr_id', '=', qrId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numDeletedRows) === 1;
}
