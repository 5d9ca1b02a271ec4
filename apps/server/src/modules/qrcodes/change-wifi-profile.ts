import { ANALYSIS_TYPES, QR_TABS } from '@qrqr/shared/qr-constants';
import type { ChangeWifiProfileBody } from '@qrqr/shared/qrcode-schemas';
import type { QrCodeRow } from '../../db/schema';
import { AppError } from '../../platform/http/errors';
import { memberViewer, requireAccess } from '../sharing/lookup';
import type { QrContext } from './context';
import { versionOf, wifiBase } from './create';
import { staleRedirect } from './redirect-cache';
import { updateQrCode } from './repository';

/**
 * New network settings for a Wi-Fi code. A code with analysis holds only its token, so the printed
 * code stays and the reader hands out the new profile; a plain code holds the `WIFI:` text itself,
 * so its payload (and image) change and it must be printed again.
 */
export async function changeWifiProfile(
  ctx: QrContext,
  input: { userId: string } & ChangeWifiProfileBody,
): Promise<QrCodeRow> {
  // The network behind a printed code is the owner's to change (not a share permission).
  const { code } = await requireAccess(ctx, memberViewer(input.userId), input.id, 'owner');
  if (code.tab !== QR_TABS.wifi) throw new AppError('E-202');
  const { columns, plainPayload } = wifiBase(input);
  const patch: Partial<QrCodeRow> = { ...columns };
  if (code.analysis_type === ANALYSIS_TYPES.none) {
    patch.payload = plainPayload;
    patch.version = versionOf(plainPayload, 'password');
  }
  await updateQrCode(ctx.db, code.id, patch);
  staleRedirect(ctx, code.short_code);
  return { ...code, ...patch };
}
