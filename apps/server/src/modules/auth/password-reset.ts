import type { ForgotPasswordVerifyBody } from '@qrqr/shared/auth-schemas';
import { paths } from '@qrqr/shared/paths';
import type { AppContext } from '../../platform/core/context';
import { hashPassword } from '../../platform/core/passwords';
import { AppError } from '../../platform/http/errors';
import type { PasswordResetRequest } from '../../platform/jobs/job-kinds';
import type { JobInfo } from '../../platform/jobs/jobs';
import { enqueueMail } from '../../platform/jobs/mail-job';
import { consumeLink, findLink, issueLinkCode, linkUrl } from './links';
import { passwordResetMail } from './mails';
import { findUserByEmail, findUserById, updateUser } from './repository';
import { forgetSignInFailures } from './sign-in-lock';
import { normaliseEmail } from './sign-up';

/**
 * Sends a reset link to an active account. The answer only stores a job; the lookup and the mail happen after it, so
 * a known and an unknown address answer alike and equally fast.
 */
export async function requestPasswordReset(ctx: AppContext, input: PasswordResetRequest): Promise<void> {
  await ctx.jobs.enqueue({ kind: 'auth.password-reset', payload: input });
}

/** The job: an active account gets a link code and its mail (queued once, keyed by the job). */
export async function mailPasswordReset(ctx: AppContext, input: PasswordResetRequest, job: JobInfo) {
  const user = await findUserByEmail(ctx.db, normaliseEmail(input.email));
  if (user?.status !== 'active') return;
  const code = await issueLinkCode(ctx.db, { userId: user.id, purpose: 'password_reset' });
  await enqueueMail(
    ctx.jobs,
    passwordResetMail(
      user.email,
      linkUrl(ctx.config.publicUrl, paths.forgotReset, user.id, code),
      input.locale,
    ),
    job,
  );
}

export async function checkPasswordResetLink(ctx: AppContext, link: { userId: string; code: string }) {
  await findLink(ctx.db, { ...link, purpose: 'password_reset' });
}

/** Sets the new password, uses the link up, and signs every browser of the account out. */
export async function resetPassword(ctx: AppContext, input: ForgotPasswordVerifyBody): Promise<void> {
  const link = { userId: input.user_id, code: input.confirmation_code, purpose: 'password_reset' as const };
  const user = await findUserById(ctx.db, link.userId);
  if (user?.status !== 'active') throw new AppError('E-103');
  await findLink(ctx.db, link);
  const passwordHash = await hashPassword(input.new_password);
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await consumeLink(ctx.db, link, trx);
    await updateUser(ctx.db, user.id, { password_hash: passwordHash }, trx);
  });
  await ctx.sessions.revokeAll(user.id);
  // Whoever reads the mailbox owns the account: a lock left by guessers no longer keeps them out.
  await forgetSignInFailures(ctx.db, user.email);
}
