import { AppError } from '../../platform/errors';
import type { QrContext } from './context';
import { staleRedirect } from './redirect-cache';
import { deleteMemberQrCode, findMemberQrCode } from './repository';

/** Deletes a member's code with its reads; its /r/ address answers 404 from then on. */
export async function deleteCode(ctx: QrContext, input: { userId: string; id: string }): Promise<void> {
  const code = await findMemberQrCode(ctx.db, input.id, input.userId);
  if (!code || !(await deleteMemberQrCode(ctx.db, code.id, input.userId))) throw new AppError('E-404');
  staleRedirect(ctx, code.short_code);
}
