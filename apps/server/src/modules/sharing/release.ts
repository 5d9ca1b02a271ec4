import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { allows, codeAccess, memberViewer } from './access';
import { deleteInvitation, deleteShare } from './repository';
import { INVITATION_UID_PREFIX } from './share-message';

/**
 * GET /qrcode/share/delete?qrid&uid: releases a share or withdraws an open invitation. The owner
 * and add/delete-users holders may release anyone; any recipient may leave (their own uid).
 */
export async function releaseShare(
  ctx: AppContext,
  input: { userId: string; qrId: string; uid: string },
): Promise<void> {
  const access = await codeAccess(ctx, memberViewer(input.userId), input.qrId);
  if (!access) throw new AppError('E-404');
  const leaving = !access.isOwner && input.uid === input.userId;
  if (!leaving && !allows(access, 'manage_users')) throw new AppError('E-301');
  const done = input.uid.startsWith(INVITATION_UID_PREFIX)
    ? await releaseInvitation(ctx, input.qrId, input.uid.slice(INVITATION_UID_PREFIX.length))
    : await deleteShare(ctx.db, input.qrId, input.uid);
  if (!done) throw new AppError('E-404');
}

function releaseInvitation(ctx: AppContext, qrId: string, id: string): Promise<boolean> {
  // Digits only: Number() alone would read "0x1" or "1e0" as invitation 1.
  const n = /^\d{1,15}$/.test(id) ? Number(id) : 0;
  return n > 0 ? deleteInvitation(ctx.db, qrId, n) : Promise.resolve(false);
}
