import type { AppContext } from '../../platform/context';
import { EMAIL_CHANGE_JOB, type EmailChangeRequest, mailEmailChange } from './email-change';
import { mailPasswordReset, PASSWORD_RESET_JOB, type PasswordResetRequest } from './password-reset';
import { deleteOldConfirmations, deleteStalePendingUsers, deleteStaleSignInLocks } from './repository';
import { SIGN_IN_LOCK_MEMORY_MS } from './sign-in-lock';
import { SIGN_UP_JOB, type SignUpRequest, signUp } from './sign-up';

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

/** The account module's background work: the mails after the answers, and its hourly housekeeping. */
export function registerAuthJobs(ctx: AppContext): void {
  ctx.jobs.register<SignUpRequest>(SIGN_UP_JOB, (input, job) => signUp(ctx, input, job));
  ctx.jobs.register<PasswordResetRequest>(PASSWORD_RESET_JOB, (input, job) =>
    mailPasswordReset(ctx, input, job),
  );
  ctx.jobs.register<EmailChangeRequest>(EMAIL_CHANGE_JOB, (input, job) => mailEmailChange(ctx, input, job));
  ctx.jobs.every('auth.housekeeping', HOUR, async () => {
    await deleteOldConfirmations(ctx.db, Date.now() - WEEK);
    await deleteStalePendingUsers(ctx.db, Date.now() - WEEK);
    await deleteStaleSignInLocks(ctx.db, Date.now() - SIGN_IN_LOCK_MEMORY_MS);
  });
}
