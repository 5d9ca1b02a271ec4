import { COUPON_LIMITS } from '@qrqr/shared/coupon-constants';
import type { CouponDto, CouponFields } from '@qrqr/shared/coupon-schemas';
import type { Transaction } from 'kysely';
import type { ChannelRow, Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import {
  decodeBase64Image,
  deleteImages,
  insertImage,
  type PreparedImage,
  prepareImage,
} from '../../platform/media/images';
import { presentCoupon } from './present';
import { countCoupons, findCouponRow, insertCoupon, lockChannel, updateCoupon } from './repository';

/**
 * Adds a coupon to the channel's library, or rewrites its coupon `id`. The picture (optional) is
 * re-encoded first, outside the transaction; then, under the channel's lock, the storage limit is
 * checked (for a new coupon) and the picture and the coupon are stored together (both or
 * neither). An edit keeps its picture when `image` is undefined and drops it when it is empty.
 * (When sent messages carry coupons, an edit of one they carry is refused here, like E-715.)
 */
export async function saveCoupon(
  ctx: AppContext,
  input: { channel: ChannelRow; id?: number; fields: CouponFields; image?: string; signal?: AbortSignal },
): Promise<CouponDto> {
  const { fields } = input;
  const channelId = input.channel.id;
  // An unknown coupon and a full library are refused before any picture work is spent on them
  // (and again under the lock).
  if (input.id !== undefined) await assertOwn(ctx, channelId, input.id);
  else await assertRoom(ctx, channelId);
  let picture: PreparedImage | undefined;
  if (input.image !== undefined && input.image !== '') {
    picture = await prepareImage(ctx.decodes, decodeBase64Image(input.image), input.signal);
  }
  const now = Date.now();
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    await lockChannel(ctx.db, channelId, trx);
    const before = input.id === undefined ? undefined : await assertOwn(ctx, channelId, input.id, trx);
    if (!before) await assertRoom(ctx, channelId, trx);
    const stored = picture
      ? await insertImage(trx, picture, { channelId, purpose: 'coupon' }, now)
      : undefined;
    const values = {
      discount_type: fields.coupon_type,
      item_name: fields.coupon_content,
      value_percent: fields.coupon_value_percent,
      value_yen: fields.coupon_value_off,
      regular_price: fields.coupon_value_regular_price,
      coupon_price: fields.coupon_value_coupon_price,
      free_text_small: fields.coupon_free_text_small,
      free_text_large: fields.coupon_free_text_large,
      text_color: fields.coupon_text_color,
      text_shadow: fields.coupon_text_color_shadow,
      coupon_text: fields.coupon_text_detail,
      available_count: fields.coupon_available_count,
      code_type: fields.coupon_code_type,
      code_text: fields.coupon_code_text,
      date_from: fields.coupon_date_from,
      date_to: fields.coupon_date_to,
    };
    if (!before) {
      const row = await insertCoupon(
        ctx.db,
        { ...values, channel_id: channelId, image_id: stored?.id ?? null, created_at: now },
        trx,
      );
      return Number(row.id);
    }
    const keepPicture = input.image === undefined;
    const imageId = keepPicture ? before.image_id : (stored?.id ?? null);
    await updateCoupon(ctx.db, channelId, Number(before.id), { ...values, image_id: imageId }, trx);
    if (!keepPicture && before.image_id !== null)
      await deleteImages(trx, { channelId, ids: [Number(before.image_id)] });
    return Number(before.id);
  });
  const saved = await findCouponRow(ctx.db, channelId, id);
  if (!saved) throw new Error('a saved coupon vanished');
  return presentCoupon(saved);
}

/** The coupon of the channel about to be edited; another channel's or a missing one answers 404. */
async function assertOwn(ctx: AppContext, channelId: number, id: number, trx?: Transaction<Database>) {
  const row = await findCouponRow(ctx.db, channelId, id, trx);
  if (!row) throw new AppError('E-404');
  return row;
}

async function assertRoom(ctx: AppContext, channelId: number, trx?: Transaction<Database>) {
  if ((await countCoupons(ctx.db, channelId, trx)) >= COUPON_LIMITS.storageMax) {
    throw new AppError('E-409', { messageKey: 'errors.coupon_storage_full' });
  }
}
