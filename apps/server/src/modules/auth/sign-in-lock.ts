import type { Db } from '../../db/client';
import { sha256 } from '../../platform/core/crypto';
import { AppError } from '../../platform/http/errors';
import { deleteSignInLock, findSignInLock, saveSignInLock } from './repository';

/**
 * Per-account lock on failed sign-ins, whatever address they come from: the fifth failure in a row
 * locks the address for a minute, each later lock doubles (up to an hour), a success forgets all.
 * Unknown addresses are counted the same way, so the answer never tells whether an account exists.
 * Kept in the database, so it holds across processes and restarts.
 */
const FAILURES_BEFORE_LOCK = 5;
const FIRST_LOCK_MS = 60_000;
const LONGEST_LOCK_MS = 60 * 60_000;
/** A day without failures forgets the history: the next lock is one minute again. */
export const SIGN_IN_LOCK_MEMORY_MS = 24 * 3_600_000;

const keyOf = (normalisedEmail: string) => sha256(normalisedEmail);

const locked = (until: number, now: number) =>
  new AppError('E-109', { retryAfterSeconds: Math.ceil((until - now) / 1000) });

/** E-109 (429) with Retry-After while the address is locked; checked before the password. */
export async function refuseWhileLocked(db: Db, email: string, now = Date.now()): Promise<void> {
  const row = await findSignInLock(db, keyOf(email));
  if (row && row.locked_until > now) throw locked(row.locked_until, now);
}

/** Counts a failure; the one that reaches the limit locks the address and answers E-109 itself. */
export async function recordSignInFailure(db: Db, email: string, now = Date.now()): Promise<void> {
  const emailHash = keyOf(email);
  const row = await findSignInLock(db, emailHash);
  const remembered = row && now - row.updated_at < SIGN_IN_LOCK_MEMORY_MS ? row : undefined;
  const failures = (remembered?.failures ?? 0) + 1;
  const locks = remembered?.locks ?? 0;
  if (failures < FAILURES_BEFORE_LOCK) {
    await saveSignInLock(db, { email_hash: emailHash, failures, locks, locked_until: 0, updated_at: now });
    return;
  }
  const until = now + Math.min(LONGEST_LOCK_MS, FIRST_LOCK_MS * 2 ** locks);
  await saveSignInLock(db, {
    email_hash: emailHash,
    failures: 0,
    locks: locks + 1,
    locked_until: until,
    updated_at: now,
  });
  throw locked(until, now);
}

export async function forgetSignInFailures(db: Db, email: string): Promise<void> {
  await deleteSignInLock(db, keyOf(email));
}
