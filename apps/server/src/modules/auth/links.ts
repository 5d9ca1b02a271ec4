import { LINK_LIFETIME_HOURS } from '@qrqr/shared/limits';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { ConfirmationPurpose, Database } from '../../db/schema';
import { randomToken, sha256 } from '../../platform/core/crypto';
import { AppError } from '../../platform/http/errors';
import {
  findOpenConfirmation,
  findUsedConfirmation,
  insertConfirmation,
  markConfirmationUsed,
} from './repository';

/** One-time links in mails: the code is random, only its hash is stored, and it expires. */

const LIFETIME_HOURS: Record<ConfirmationPurpose, number> = {
  activation: LINK_LIFETIME_HOURS.activation,
  password_reset: LINK_LIFETIME_HOURS.passwordReset,
  email_change: LINK_LIFETIME_HOURS.emailChange,
};

export const LINK_ERROR = {
  activation: 'E-102',
  password_reset: 'E-103',
  email_change: 'E-104',
} as const;

export async function issueLinkCode(
  db: Db,
  options: { userId: string; purpose: ConfirmationPurpose; newEmail?: string },
): Promise<string> {
  const code = randomToken(24);
  await insertConfirmation(db, {
    user_id: options.userId,
    purpose: options.purpose,
    code_hash: sha256(code),
    new_email: options.newEmail,
    expires_at: Date.now() + LIFETIME_HOURS[options.purpose] * 3_600_000,
  });
  return code;
}

interface LinkCheck {
  userId: string;
  code: string;
  purpose: ConfirmationPurpose;
}

/** The open confirmation behind a link, or the purpose's "wrong link" error. */
export async function findLink(db: Db, link: LinkCheck, trx?: Transaction<Database>) {
  const row = await findOpenConfirmation(
    db,
    { user_id: link.userId, purpose: link.purpose, code_hash: sha256(link.code) },
    trx,
  );
  if (!row) throw new AppError(LINK_ERROR[link.purpose]);
  return row;
}

/** Whether this exact link was issued to the user and has been used (a wrong code is never "used"). */
export async function isUsedLink(db: Db, link: LinkCheck): Promise<boolean> {
  const row = await findUsedConfirmation(db, {
    user_id: link.userId,
    purpose: link.purpose,
    code_hash: sha256(link.code),
  });
  return row !== undefined;
}

/** Uses a link up inside a transaction; a second use of the same link fails. */
export async function consumeLink(db: Db, link: LinkCheck, trx: Transaction<Database>) {
  const row = await findLink(db, link, trx);
  if (!(await markConfirmationUsed(db, row.id, trx))) throw new AppError(LINK_ERROR[link.purpose]);
  return row;
}

export function linkUrl(publicUrl: string, path: string, userId: string, code: string): string {
  const query = new URLSearchParams({ user_id: userId, confirmation_code: code });
  return `${publicUrl}${path}?${query.toString()}`;
}
