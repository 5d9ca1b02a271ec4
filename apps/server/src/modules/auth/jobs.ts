import type { AppContext } from '../../platform/core/context';
import { mailEmailChange } from './email-change';
import { mailPasswordReset } from './password-reset';
import { deleteOldConfirmations, deleteStalePendingUsers, deleteStaleSignInLocks } from './repository';
import { SIGN_IN_LOCK_MEMORY_MS } from './sign-in-lock';
import { signUp } from './sign-up';

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

/** The account module's background work: the mails after the answers, and its hourly housekeeping. */
export function registerAuthJobs(ctx: AppContext): void {
  ctx.jobs.register('auth.sign-up', (input, job) => signUp(ctx, input, job));
  ctx.jobs.register('auth.password-reset', (input, job) => mailPasswordReset(ctx, input, job));
  ctx.jobs.register('auth.email-change', (input, job) => mailEmailChange(ctx, input, job));
  ctx.jobs.every('auth.housekeeping', HOUR, async () => {
    await deleteOldConfirmations(ctx.db, Date.now() - WEEK);
    await deleteStalePendingUsers(ctx.db, Date.now() - WEEK);
    await deleteStaleSignInLocks(ctx.db, Date.now() - SIGN_IN_LOCK_MEMORY_MS);
  });
}
