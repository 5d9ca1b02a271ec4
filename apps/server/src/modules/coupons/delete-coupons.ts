import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import { AppError } from '../../platform/http/errors';
import { deleteImages } from '../../platform/media/images';
import { couponsOfChannel, deleteCouponRows } from './repository';

/**
 * Deletes coupons of the channel and their pictures, all or none: an id that is not a coupon of
 * this channel answers 404, a coupon linked to an unsent message (a veto registered on `points.couponDelete`)
 * answers E-715, and then nothing is deleted.
 */
export async function deleteCoupons(
  ctx: AppContext,
  input: { channel: ChannelRow; ids: readonly number[] },
): Promise<{ deleted: number }> {
  const ids = [...new Set(input.ids)];
  const channelId = input.channel.id;
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const found = await couponsOfChannel(ctx.db, channelId, ids, trx);
    if (found.length !== ids.length) throw new AppError('E-404');
    if ((await ctx.registry.vetoes(points.couponDelete, { channelId, ids, trx })).length > 0)
      throw new AppError('E-715');
    const deleted = await deleteCouponRows(ctx.db, channelId, ids, trx);
    const pictures = found.map((c) => c.image_id).filter((id): id is number => id !== null);
    await deleteImages(trx, { channelId, ids: pictures.map(Number) });
    return { deleted };
  });
}
