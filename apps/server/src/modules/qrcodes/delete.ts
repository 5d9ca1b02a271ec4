import { AppError } from '../../platform/errors';
import { memberViewer, requireAccess } from '../sharing/lookup';
import type { QrContext } from './context';
import { staleRedirect } from './redirect-cache';
import { deleteQrCodeById } from './repository';

/**
 * Deletes a code with its reads and shares: its owner, or a recipient allowed to delete it. Its /r/
 * address answers 404 from then on.
 */
export async function deleteCode(ctx: QrContext, input: { userId: string; id: string }): Promise<void> {
  const { code } = await requireAccess(ctx, memberViewer(input.userId), input.id, 'delete_code');
  if (!(await deleteQrCodeById(ctx.db, code.id))) throw new AppError('E-404');
  staleRedirect(ctx, code.short_code);
}
