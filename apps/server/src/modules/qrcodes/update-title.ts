import type { AppContext } from '../../platform/core/context';
import { asSeenBy, memberViewer, requireAccess } from '../sharing/lookup';
import { type ListedQrCode, updateQrCode } from './repository';
import { foldTitle } from './title';

/**
 * Renames a code: its owner, or a recipient allowed to edit the title; anyone else gets 404. A
 * recipient's answer says the code is not theirs, as their shared tab does.
 */
export async function updateTitle(
  ctx: AppContext,
  input: { userId: string; id: string; title: string },
): Promise<ListedQrCode> {
  const access = await requireAccess(ctx, memberViewer(input.userId), input.id, 'edit_title');
  const { code } = access;
  await updateQrCode(ctx.db, code.id, { title: input.title, title_folded: foldTitle(input.title) });
  const renamed = { ...code, title: input.title, title_folded: foldTitle(input.title) };
  return asSeenBy(ctx, { ...access, code: renamed });
}
