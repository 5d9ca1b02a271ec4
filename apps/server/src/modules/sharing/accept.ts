import { qrAnalyticsPath } from '@qrqr/shared/paths';
import type { InvitationViewer } from '@qrqr/shared/sharing-constants';
import type { ShareInvitationDto } from '@qrqr/shared/sharing-schemas';
import type { AppContext } from '../../platform/core/context';
import { sha256 } from '../../platform/core/crypto';
import { AppError } from '../../platform/http/errors';
import {
  acceptInvitationRow,
  activeUsersByEmail,
  findCode,
  findInvitationByHash,
  openInvitationsForEmail,
  userById,
} from './repository';

/** The open invitation behind a link's code, or E-302 (wrong, used or expired). */
async function openInvitation(ctx: AppContext, code: string) {
  const invitation = await findInvitationByHash(ctx.db, sha256(code));
  if (!invitation || invitation.expires_at <= Date.now()) throw new AppError('E-302');
  return invitation;
}

/**
 * What the sign-in page shows for an invitation link: the invited address (to fill in), who
 * invited and which code, and whether to sign in or sign up. Only the mailbox that received the
 * code can ask. A member signed in as someone else (a forwarded mail, a shared computer) learns
 * only that they are not the invited account (to sign in as another or ask the inviter): the
 * address and whether it has an account are the invitee's, and that member needs neither.
 */
export async function describeInvitation(
  ctx: AppContext,
  input: { code: string; userId: string | null },
): Promise<ShareInvitationDto & { qr_id: string }> {
  const invitation = await openInvitation(ctx, input.code);
  const [inviter, qr, accounts, viewer] = await Promise.all([
    invitation.invited_by ? userById(ctx.db, invitation.invited_by) : undefined,
    findCode(ctx.db, invitation.qr_id),
    activeUsersByEmail(ctx.db, [invitation.email]),
    input.userId ? userById(ctx.db, input.userId) : undefined,
  ]);
  const who: InvitationViewer = !viewer ? 'guest' : viewer.email === invitation.email ? 'invitee' : 'other';
  return {
    qr_id: invitation.qr_id,
    email: who === 'other' ? '' : invitation.email,
    inviter_name: inviter?.user_name ?? '',
    title: qr?.title ?? '',
    has_account: who !== 'other' && accounts.length > 0,
    viewer: who,
  };
}

/**
 * Accepts an invitation for a member: the invited address must be the member's, else "invite
 * login mismatch" (E-106). The invitation becomes a share and is deleted (one use).
 * Returns the code's id, where the read log opens.
 */
export async function acceptInvitation(
  ctx: AppContext,
  input: { userId: string; code: string },
): Promise<string> {
  const invitation = await openInvitation(ctx, input.code);
  const user = await userById(ctx.db, input.userId);
  if (!user || user.email !== invitation.email) throw new AppError('E-106');
  const accepted = await ctx.db.kysely
    .transaction()
    .execute((trx) =>
      acceptInvitationRow(
        invitation.id,
        { ...flagsOf(invitation), qr_id: invitation.qr_id, user_id: user.id },
        trx,
      ),
    );
  if (!accepted) throw new AppError('E-302');
  return invitation.qr_id;
}

/**
 * At activation: a new account proves it reads the mailbox the invitations went to, so every open
 * invitation to that address becomes a share (the invitee "signs up first and lands on the log").
 * Returns the read log where the new member lands: that of the invitation whose link they signed
 * up from (`usedCode`, which counts only when it is an open invitation to this address), else the
 * newest. Kept by the server, so it holds whichever browser opens the activation link.
 */
export async function acceptInvitationsOnActivation(
  ctx: AppContext,
  event: { userId: string; usedCode: string | null },
): Promise<string | undefined> {
  const user = await userById(ctx.db, event.userId);
  if (!user) return undefined;
  // Oldest first, so the last one accepted is the newest invitation.
  const open = await openInvitationsForEmail(ctx.db, user.email, Date.now());
  const usedHash = event.usedCode ? sha256(event.usedCode) : undefined;
  let used: string | undefined;
  let newest: string | undefined;
  for (const invitation of open) {
    const accepted = await ctx.db.kysely
      .transaction()
      .execute((trx) =>
        acceptInvitationRow(
          invitation.id,
          { ...flagsOf(invitation), qr_id: invitation.qr_id, user_id: user.id },
          trx,
        ),
      );
    if (!accepted) continue;
    newest = qrAnalyticsPath(invitation.qr_id);
    if (invitation.code_hash === usedHash) used = newest;
  }
  return used ?? newest;
}

function flagsOf(row: {
  can_view: number;
  can_edit_title: number;
  can_delete_code: number;
  can_manage_users: number;
}) {
  return {
    can_view: row.can_view,
    can_edit_title: row.can_edit_title,
    can_delete_code: row.can_delete_code,
    can_manage_users: row.can_manage_users,
  };
}
