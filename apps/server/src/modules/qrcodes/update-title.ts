import type { QrCodeRow } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { findMemberQrCode, updateQrCode } from './repository';
import { foldTitle } from './title';

/** Renames a member's code; another user's code is not found. */
export async function updateTitle(
  ctx: AppContext,
  input: { userId: string; id: string; title: string },
): Promise<QrCodeRow> {
  const code = await findMemberQrCode(ctx.db, input.id, input.userId);
  if (!code) throw new AppError('E-404');
  await updateQrCode(ctx.db, code.id, { title: input.title, title_folded: foldTitle(input.title) });
  return { ...code, title: input.title, title_folded: foldTitle(input.title) };
}
