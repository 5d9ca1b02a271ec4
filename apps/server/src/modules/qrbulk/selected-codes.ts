import { IMAGE_OPTIONS } from '@qrqr/shared/qr-constants';
import { qrSizing } from '@qrqr/shared/qr-sizing';
import type { QrCodeRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { memberQrCodes } from '../qrcodes/lookup';

/**
 * The member's codes of a selection, in its order. One id that is not the member's (another
 * member's, a deleted or unknown one) refuses the whole export with E-404, before a byte is sent.
 */
export async function selectedCodes(ctx: AppContext, userId: string, ids: readonly string[]) {
  const rows = await memberQrCodes(ctx, userId, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const codes = ids.map((id) => byId.get(id));
  if (codes.some((code) => code === undefined)) throw new AppError('E-404');
  return codes as QrCodeRow[];
}

/** An image past the pixel budget is refused before the archive starts, as a single download is. */
export function checkImageSizes(codes: QrCodeRow[], options: { op_size: number; op_margin: number }) {
  const largest = Math.max(...codes.map((code) => code.version));
  const { imagePixels } = qrSizing({
    version: largest,
    cellSize: options.op_size,
    margin: options.op_margin,
    dpi: 72,
  });
  if (imagePixels > IMAGE_OPTIONS.maxImagePixels)
    throw AppError.field('op_size', 'validation.image_too_large');
}
