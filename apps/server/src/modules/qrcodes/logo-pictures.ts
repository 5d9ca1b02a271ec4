import { DESIGN_LIMITS } from '@qrqr/shared/qr-design-constants';
import type { LogoPictureDto } from '@qrqr/shared/qr-design-schemas';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { imageUrl, insertImage, prepareImage } from '../../platform/media/images';

/** The purpose of a member's own logo pictures in `images` (a channel's pictures have their own). */
export const LOGO_PURPOSE = 'qr_logo';

const present = (row: { id: number | bigint; name: string; width: number; height: number }) => ({
  id: Number(row.id),
  image_url: imageUrl(row.name),
  width: row.width,
  height: row.height,
});

/**
 * Stores a logo picture the member owns, channel or not, through the upload pipeline (sniffed,
 * re-encoded within 1024 px, metadata dropped). The same picture again is the one already kept; a
 * member keeps at most DESIGN_LIMITS.logoPicturesMax (then E-409, which says one can be deleted).
 */
export async function storeLogoPicture(
  ctx: Pick<AppContext, 'db' | 'decodes'>,
  input: { userId: string; bytes: Buffer; signal?: AbortSignal },
): Promise<LogoPictureDto> {
  const prepared = await prepareImage(ctx.decodes, input.bytes, input.signal);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const kept = await trx
      .selectFrom('images')
      .select(['id', 'name', 'width', 'height'])
      .where('user_id', '=', input.userId)
      .where('purpose', '=', LOGO_PURPOSE)
      .execute();
    const same = kept.find((k) => k.name === prepared.name);
    if (same) return present(same);
    if (kept.length >= DESIGN_LIMITS.logoPicturesMax)
      throw new AppError('E-409', { messageKey: 'errors.logo_pictures_limit' });
    const stored = await insertImage(trx, prepared, { userId: input.userId, purpose: LOGO_PURPOSE });
    return present({ ...stored, name: prepared.name });
  });
}

/** The member's own logo pictures, oldest first (the design panel's choices). */
export async function listLogoPictures(
  ctx: Pick<AppContext, 'db'>,
  userId: string,
): Promise<LogoPictureDto[]> {
  const rows = await ctx.db.kysely
    .selectFrom('images')
    .select(['id', 'name', 'width', 'height'])
    .where('user_id', '=', userId)
    .where('purpose', '=', LOGO_PURPOSE)
    .orderBy('id')
    .execute();
  return rows.map(present);
}
