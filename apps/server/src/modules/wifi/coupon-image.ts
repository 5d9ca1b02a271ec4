import type { WifiPageDto } from '@qrqr/shared/wifi-schemas';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { findImage } from '../../platform/media/images';
import { getPage } from './get-page';
import { findPageRow, updatePage } from './repository';

/**
 * Keeps a picture from the upload call as the draft of the page's coupon picture (`null` drops the
 * draft); guests keep seeing the saved one until the page is saved.
 */
export async function saveCouponImageDraft(
  ctx: AppContext,
  input: { userId: string; pageId: number | null; imageId: number | null },
): Promise<WifiPageDto> {
  const { userId } = input;
  const row = input.pageId === null ? undefined : await findPageRow(ctx.db, { userId, id: input.pageId });
  if (!row) throw new AppError('E-404');
  if (
    input.imageId !== null &&
    !(await findImage(ctx.db.kysely, { channelId: Number(row.channel_id), id: input.imageId }))
  )
    throw AppError.field('image_id', 'validation.image_required');
  await updatePage(ctx.db, userId, Number(row.id), { coupon_image_draft_id: input.imageId });
  return getPage(ctx, { userId, id: Number(row.id) });
}
