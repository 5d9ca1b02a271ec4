import { type Locale, toLocale } from '@qrqr/shared/limits';
import { paths } from '@qrqr/shared/paths';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import type { EmailChangeRequest } from '../../platform/jobs/job-kinds';
import type { JobInfo } from '../../platform/jobs/jobs';
import { enqueueMail } from '../../platform/jobs/mail-job';
import { consumeLink, findLink, issueLinkCode, linkUrl } from './links';
import { emailChangedNotice, emailChangeMail, emailTakenNotice } from './mails';
import { deletePendingUser, findUserByEmail, findUserById, updateUser } from './repository';
import { normaliseEmail } from './sign-up';

/**
 * Mails a verification link to the new address; the address changes only when it is opened.
 * Whether the address belongs to another account is not told to the requester (the answer is
 * the same, and as fast): that lookup happens after the answer, and the owner of a taken
 * address gets a notice instead of a link.
 */
export async function requestEmailChange(
  ctx: AppContext,
  input: { userId: string; newEmail: string; locale: Locale },
): Promise<void> {
  const newEmail = normaliseEmail(input.newEmail);
  const user = await findUserById(ctx.db, input.userId);
  if (!user) throw new AppError('E-401');
  if (user.email === newEmail)
    throw new AppError('E-108', { fields: [{ field: 'new_email', rule: 'errors.same_email' }] });
  await ctx.jobs.enqueue({
    kind: 'auth.email-change',
    payload: { userId: user.id, newEmail, locale: input.locale },
  });
}

/** The job: a notice to the holder of a taken address, else a link code and its mail (queued once). */
export async function mailEmailChange(ctx: AppContext, input: EmailChangeRequest, job: JobInfo) {
  const { newEmail } = input;
  const holder = await findUserByEmail(ctx.db, newEmail);
  if (holder?.status === 'active') {
    const notice = emailTakenNotice(newEmail, ctx.config.publicUrl + paths.signin, toLocale(holder.locale));
    await enqueueMail(ctx.jobs, notice, job);
    return;
  }
  const code = await issueLinkCode(ctx.db, { userId: input.userId, purpose: 'email_change', newEmail });
  await enqueueMail(
    ctx.jobs,
    emailChangeMail(
      newEmail,
      linkUrl(ctx.config.publicUrl, paths.changeEmailVerify, input.userId, code),
      input.locale,
    ),
    job,
  );
}

/** Opens the link: the new address becomes the login address, and the old one is told. */
export async function verifyEmailChange(
  ctx: AppContext,
  input: { userId: string; code: string },
): Promise<{ email: string }> {
  const link = { userId: input.userId, code: input.code, purpose: 'email_change' as const };
  const user = await findUserById(ctx.db, link.userId);
  if (user?.status !== 'active') throw new AppError('E-104');
  const pending = await findLink(ctx.db, link);
  const newEmail = pending.new_email;
  if (!newEmail) throw new AppError('E-104');
  const holder = await findUserByEmail(ctx.db, newEmail);
  if (holder?.status === 'active') throw new AppError('E-107');
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await consumeLink(ctx.db, link, trx);
    // The owner of the mailbox just proved it: an unfinished sign-up with it gives way.
    if (holder) await deletePendingUser(ctx.db, holder.id, trx);
    await updateUser(ctx.db, user.id, { email: newEmail }, trx);
  });
  await ctx.mailer.send(emailChangedNotice(user.email, newEmail, toLocale(user.locale)));
  return { email: newEmail };
}
