import type { ShareEntryDto, ShareMessageDto } from '@qrqr/shared/sharing-schemas';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { allows, codeAccess, memberViewer } from './access';
import { fromFlags } from './permissions';
import { openInvitationsOfCode, sharesOfCode, userById } from './repository';

export const INVITATION_UID_PREFIX = 'invitation:';

/**
 * GET /qrcode/share/getShareMessage/{id}: the viewer's own standing, and who has access. The owner
 * and add/delete-users holders see everyone (accepted and invited); another recipient sees only
 * their own entry, so addresses are not shown to people who cannot manage them.
 */
export async function shareMessage(
  ctx: AppContext,
  input: { userId: string; id: string },
): Promise<ShareMessageDto> {
  const access = await codeAccess(ctx, memberViewer(input.userId), input.id);
  if (!access) throw new AppError('E-404');
  const { code } = access;
  const owner = code.user_id ? await userById(ctx.db, code.user_id) : undefined;
  const accepted: ShareEntryDto[] = (await sharesOfCode(ctx.db, code.id)).map((s) => ({
    uid: s.user_id,
    email: s.email,
    user_name: s.user_name,
    permissions: fromFlags(s),
    state: 'accepted',
    since: Number(s.created_at),
    is_me: s.user_id === input.userId,
  }));
  const manages = allows(access, 'manage_users');
  const invited: ShareEntryDto[] = manages
    ? (await openInvitationsOfCode(ctx.db, code.id, Date.now())).map((i) => ({
        uid: `${INVITATION_UID_PREFIX}${i.id}`,
        email: i.email,
        user_name: '',
        permissions: fromFlags(i),
        state: 'invited',
        since: Number(i.created_at),
        is_me: false,
      }))
    : [];
  return {
    qr_id: code.id,
    title: code.title,
    is_owner: access.isOwner,
    permissions: access.permissions,
    owner_name: owner?.user_name ?? '',
    shares: manages ? [...accepted, ...invited] : accepted.filter((s) => s.uid === input.userId),
  };
}
