import type { AppContext } from '../../platform/context';
import type { ListedQrCode } from '../qrcodes/repository';
import type { CodeAccess } from './access';
import { toFlags } from './permissions';
import { userById } from './repository';

/**
 * A code as a recipient is answered it: marked as not theirs, with the owner's name and their
 * permissions (presentQrCode turns these into `is_owner: false`, `owner_name`, `permissions`).
 */
export async function asSeenBy(ctx: Pick<AppContext, 'db'>, access: CodeAccess): Promise<ListedQrCode> {
  if (access.isOwner) return access.code;
  const owner = access.code.user_id ? await userById(ctx.db, access.code.user_id) : undefined;
  return { ...access.code, share: { owner_name: owner?.user_name ?? '', ...toFlags(access.permissions) } };
}
