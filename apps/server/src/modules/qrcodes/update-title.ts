import type { QrCodeRow } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { memberViewer, requireAccess } from '../sharing/access';
import { updateQrCode } from './repository';
import { foldTitle } from './title';

/** Renames a code: its owner, or a recipient allowed to edit the title; anyone else gets 404. */
export async function updateTitle(
  ctx: AppContext,
  input: { userId: string; id: string; title: string },
): Promise<QrCodeRow> {
  const { code } = await requireAccess(ctx, memberViewer(input.userId), input.id, 'edit_title');
  await updateQrCode(ctx.db, code.id, { title: input.title, title_folded: foldTitle(input.title) });
  return { ...code, title: input.title, title_folded: foldTitle(input.title) };
}
