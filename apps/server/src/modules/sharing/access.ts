import type { SharePermission } from '@qrqr/shared/sharing-constants';
import type { QrCodeRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { ALL_PERMISSIONS, fromFlags } from './permissions';
import { findCode, findShare } from './repository';

/** Who is asking: a member, a guest history (SHA-256 of its cookie), or both. */
export interface AccessViewer {
  userId: string | null;
  guestKeyHash: string | null;
}

export interface CodeAccess {
  code: QrCodeRow;
  isOwner: boolean;
  /** All four for the owner; a recipient's share otherwise. */
  permissions: SharePermission[];
}

/**
 * THE one answer to "what may this viewer do with this code", used by every call that touches a
 * code. The owner is the member who owns it, or the browser whose guest history holds it; anyone
 * else needs an accepted share, whose permissions then apply. Null means "no access": callers
 * answer 404, so a code's existence is not revealed.
 */
export async function codeAccess(
  ctx: Pick<AppContext, 'db'>,
  viewer: AccessViewer,
  qrId: string,
): Promise<CodeAccess | null> {
  const code = await findCode(ctx.db, qrId);
  if (!code) return null;
  const ownsAsMember = viewer.userId !== null && code.user_id === viewer.userId;
  const ownsAsGuest =
    code.user_id === null && viewer.guestKeyHash !== null && code.guest_key_hash === viewer.guestKeyHash;
  if (ownsAsMember || ownsAsGuest) return { code, isOwner: true, permissions: ALL_PERMISSIONS };
  if (!viewer.userId || code.user_id === null) return null;
  const share = await findShare(ctx.db, qrId, viewer.userId);
  return share ? { code, isOwner: false, permissions: fromFlags(share) } : null;
}

/** What a call needs: one of the four permissions, or `owner` for what only the owner may do. */
export type Need = SharePermission | 'owner';

/**
 * The code when the viewer may do `need` with it. No access at all is E-404; a recipient without
 * that permission is E-301 (they already know the code exists, so 404 would only mislead).
 */
export async function requireAccess(
  ctx: Pick<AppContext, 'db'>,
  viewer: AccessViewer,
  qrId: string,
  need: Need,
): Promise<CodeAccess> {
  const access = await codeAccess(ctx, viewer, qrId);
  if (!access) throw new AppError('E-404');
  if (!allows(access, need)) throw new AppError('E-301');
  return access;
}

export function allows(access: Pick<CodeAccess, 'isOwner' | 'permissions'>, need: Need): boolean {
  if (access.isOwner) return true;
  return need !== 'owner' && access.permissions.includes(need);
}

/** A member acting on a code (mutations never go through a guest history). */
export const memberViewer = (userId: string): AccessViewer => ({ userId, guestKeyHash: null });
