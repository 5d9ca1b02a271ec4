import { ANALYSIS_TYPES, QR_TABS } from '@qrqr/shared/qr-constants';
import type { QrCodeRow } from '../../db/schema';
import { AppError } from '../../platform/http/errors';
import { memberViewer, requireAccess } from '../sharing/lookup';
import type { QrContext } from './context';
import { staleRedirect } from './redirect-cache';
import { checkRedirectTarget } from './redirect-target';
import { updateQrCode } from './repository';

/**
 * Points a printed redirect code at a new URL: the short code and payload stay, only the
 * destination changes. Only URL codes with the redirect method have a destination to change.
 */
export async function retargetCode(
  ctx: QrContext,
  input: { userId: string; id: string; url: string },
): Promise<QrCodeRow> {
  // Where a printed code leads is the owner's to change (not a share permission).
  const { code } = await requireAccess(ctx, memberViewer(input.userId), input.id, 'owner');
  if (code.tab !== QR_TABS.url || code.analysis_type !== ANALYSIS_TYPES.redirect) throw new AppError('E-201');
  checkRedirectTarget(ctx.config, input.url);
  await updateQrCode(ctx.db, code.id, { content: input.url });
  staleRedirect(ctx, code.short_code);
  return { ...code, content: input.url };
}
