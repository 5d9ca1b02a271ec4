import { paths } from '@qrqr/shared/paths';
import type { AppContext } from '../../platform/core/context';
import { randomToken } from '../../platform/core/crypto';
import type { SignUpRequest } from '../../platform/jobs/job-kinds';
import type { JobInfo } from '../../platform/jobs/jobs';
import { enqueueMail } from '../../platform/jobs/mail-job';
import { issueLinkCode, linkUrl } from './links';
import { activationMail, alreadyRegisteredMail } from './mails';
import { findUserByEmail, insertUser, updateUser } from './repository';

/**
 * Sign-up by e-mail. The answer is the same, and as fast, whether or not the address has an
 * account, so the form reveals nothing: the answer only stores a job (the same write for every
 * address), whose lookup and mail happen after the answer, and an existing member gets a "you
 * already have an account" mail instead of an activation link.
 */
export async function requestSignUp(ctx: AppContext, input: SignUpRequest): Promise<void> {
  await ctx.jobs.enqueue({ kind: 'auth.sign-up', payload: input });
}

/** The job: finds the account, writes the pending one and its link code, and queues the mail (keyed by the job). */
export async function signUp(ctx: AppContext, input: SignUpRequest, job: JobInfo): Promise<void> {
  const email = normaliseEmail(input.email);
  let user = await findUserByEmail(ctx.db, email);
  if (user?.status === 'active') {
    const { publicUrl } = ctx.config;
    const mail = alreadyRegisteredMail(
      email,
      publicUrl + paths.signin,
      publicUrl + paths.forgotRequest,
      input.locale,
    );
    await enqueueMail(ctx.jobs, mail, job);
    return;
  }
  if (user) {
    await updateUser(ctx.db, user.id, { locale: input.locale, carry_over_key: input.carryOverKey });
  } else {
    const now = Date.now();
    const id = randomToken(12);
    try {
      await insertUser(ctx.db, {
        id,
        email,
        status: 'pending',
        locale: input.locale,
        carry_over_key: input.carryOverKey,
        user_name: '',
        company_name: '',
        password_hash: null,
        channel_service_registered: 0,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      // Two sign-ups for one address at once: the other request created the row.
      user = await findUserByEmail(ctx.db, email);
      if (!user) throw error;
    }
    user ??= { id } as NonNullable<typeof user>;
  }
  const code = await issueLinkCode(ctx.db, { userId: user.id, purpose: 'activation' });
  // A retry after this point issues an unused code; the mail, keyed by this job, is queued once.
  await enqueueMail(
    ctx.jobs,
    activationMail(email, activationUrl(ctx, user.id, code, input.invitationCode), input.locale),
    job,
  );
}

// The shape of the codes the server issues (base64url); anything else is not passed on.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The activation link; after a sign-up from an invitation it carries that invitation's code, so
 * the activation lands on that read log, in whichever browser the mail is opened. The code goes
 * only to the address that signed up, and activation uses it only when it is an open invitation
 * to that address; a malformed one is dropped here.
 */
function activationUrl(ctx: AppContext, userId: string, code: string, invitationCode?: string): string {
  const url = linkUrl(ctx.config.publicUrl, paths.activate, userId, code);
  if (!invitationCode || !TOKEN_SHAPE.test(invitationCode)) return url;
  return `${url}&${new URLSearchParams({ invitation_code: invitationCode })}`;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
