import type { QrCodeRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import type { CodeAccess } from './access';
import { type PermissionFlags, toFlags } from './permissions';
import { userById } from './repository';

/** A code with, for a recipient, the owner's name and its share flags (qrcodes' ListedQrCode fits it). */
export type SeenCode = QrCodeRow & { share?: { owner_name: string } & PermissionFlags };

/**
 * A code as a recipient is answered it: marked as not theirs, with the owner's name and their
 * permissions (presentQrCode turns these into `is_owner: false`, `owner_name`, `permissions`).
 */
export async function asSeenBy(ctx: Pick<AppContext, 'db'>, access: CodeAccess): Promise<SeenCode> {
  if (access.isOwner) return access.code;
  const owner = access.code.user_id ? await userById(ctx.db, access.code.user_id) : undefined;
  return { ...access.code, share: { owner_name: owner?.user_name ?? '', ...toFlags(access.permissions) } };
}
