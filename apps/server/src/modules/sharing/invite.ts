import { type Locale, toLocale } from '@qrqr/shared/limits';
import { paths } from '@qrqr/shared/paths';
import { normaliseShareEmail, SHARE_LIMITS } from '@qrqr/shared/sharing-constants';
import type { ShareInputBody } from '@qrqr/shared/sharing-schemas';
import type { Quota } from '../../platform/cluster/quota';
import type { AppContext } from '../../platform/core/context';
import { randomToken, sha256 } from '../../platform/core/crypto';
import { AppError } from '../../platform/http/errors';
import { enqueueMail } from '../../platform/jobs/mail-job';
import { memberViewer, requireAccess } from './access';
import { invitationMail } from './mails';
import { toFlags } from './permissions';
import {
  activeUsersByEmail,
  insertInvitations,
  type NewInvitation,
  openInvitationsOfCode,
  sharesOfCode,
  userById,
} from './repository';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The hourly budget of invitation mails per member (SHARE_INVITES_PER_HOUR); open it once per app. */
export function openInviteBudget(ctx: AppContext): Quota {
  return ctx.quotas('share-invites', { max: ctx.config.SHARE_INVITES_PER_HOUR, windowMs: HOUR_MS });
}

/**
 * POST /qrcode/share/input: the owner, or a recipient holding add/delete users, invites addresses
 * with a permission set. The schema already checked the count, the form of each address, the
 * duplicates and that a permission is checked; this adds the rules that need the database
 * (yourself, already shared or invited, no permission beyond your own) and the member's hourly
 * budget of mails, and mails each invitee a one-time link. Nothing is stored unless every address
 * passes.
 */
export async function inviteToCode(
  ctx: AppContext,
  input: { userId: string; body: ShareInputBody; locale: Locale; budget: Quota },
): Promise<{ invited: number }> {
  const access = await requireAccess(ctx, memberViewer(input.userId), input.body.id, 'manage_users');
  const inviter = await userById(ctx.db, input.userId);
  if (!inviter) throw new AppError('E-401');
  if (!access.isOwner) {
    const beyond = input.body.permissions.some((p) => !access.permissions.includes(p));
    if (beyond) throw AppError.field('permissions', 'validation.share_permission_beyond');
  }

  const now = Date.now();
  const emails = input.body.emails.map(normaliseShareEmail);
  const owner = access.code.user_id ? await userById(ctx.db, access.code.user_id) : undefined;
  const taken = new Set<string>([
    ...(await sharesOfCode(ctx.db, access.code.id)).map((s) => s.email),
    ...(await openInvitationsOfCode(ctx.db, access.code.id, now)).map((i) => i.email),
    ...(owner ? [owner.email] : []),
  ]);
  const fields: Array<{ field: string; rule: string }> = [];
  emails.forEach((email, i) => {
    if (email === inviter.email) fields.push({ field: `emails.${i}`, rule: 'validation.share_self' });
    else if (taken.has(email)) fields.push({ field: `emails.${i}`, rule: 'validation.share_already' });
  });
  if (fields.length) throw new AppError('E-400', { fields });
  // Mails are costly: a member's invitations an hour are bounded; a request that does not fit is
  // refused whole, before anything is stored or sent.
  const budget = await input.budget.take(inviter.id, emails.length);
  if (!budget.ok) throw new AppError('E-429', { retryAfterSeconds: budget.retryAfterSeconds });

  const accounts = new Map((await activeUsersByEmail(ctx.db, emails)).map((u) => [u.email, u]));
  const flags = toFlags(input.body.permissions);
  const codes = emails.map(() => randomToken(24));
  const rows: NewInvitation[] = emails.map((email, i) => ({
    qr_id: access.code.id,
    email,
    code_hash: sha256(codes[i] ?? ''),
    invited_by: inviter.id,
    expires_at: now + SHARE_LIMITS.invitationDays * DAY_MS,
    created_at: now,
    ...flags,
  }));
  // The invitations and their mails are stored together; the mails go after the answer (thirty
  // SMTP round trips must not hold the dialog), one job per address, keyed by the invitation.
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await insertInvitations(ctx.db, rows, trx);
    for (const [i, email] of emails.entries()) {
      const account = accounts.get(email);
      const url = `${ctx.config.publicUrl}${paths.signin}?${new URLSearchParams({ code: codes[i] ?? '' })}`;
      const mail = invitationMail({
        to: email,
        url,
        inviterName: inviter.user_name || inviter.email,
        title: access.code.title,
        permissions: input.body.permissions,
        hasAccount: account !== undefined,
        locale: account ? toLocale(account.locale) : input.locale,
      });
      await enqueueMail(ctx.jobs, mail, `invitation:${rows[i]?.code_hash}`, trx);
    }
  });
  ctx.jobs.wake();
  return { invited: emails.length };
}
