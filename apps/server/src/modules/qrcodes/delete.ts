import { points } from '../../platform/core/extension-points';
import { AppError } from '../../platform/http/errors';
import { memberViewer, requireAccess } from '../sharing/lookup';
import type { QrContext } from './context';
import { staleRedirect } from './redirect-cache';
import { deleteQrCodeById } from './repository';

/**
 * Deletes a code with its reads and shares: its owner, or a recipient allowed to delete it. Its /r/
 * address answers 404 from then on. A code a Wi-Fi welcome page greets with (`points.qrCodeUses`)
 * is deleted only when the call names that page (`qr_wifi_service_id`, from the warning: E-409
 * whose field errors carry the page's id and status); the page itself stays.
 */
export async function deleteCode(
  ctx: QrContext,
  input: { userId: string; id: string; confirmedServiceId?: string },
): Promise<void> {
  const { code } = await requireAccess(ctx, memberViewer(input.userId), input.id, 'delete_code');
  const uses = await ctx.registry.answers(points.qrCodeUses, { qrId: code.id });
  if (uses.some((u) => String(u.serviceId) !== input.confirmedServiceId)) {
    throw new AppError('E-409', {
      messageKey: 'errors.wifi_code_in_use',
      fields: uses.map((u) => ({
        field: 'qr_wifi_service_id',
        rule: 'errors.wifi_code_in_use',
        values: [String(u.serviceId), String(u.status)],
      })),
    });
  }
  if (!(await deleteQrCodeById(ctx.db, code.id))) throw new AppError('E-404');
  staleRedirect(ctx, code.short_code);
}
