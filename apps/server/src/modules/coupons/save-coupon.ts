import { COUPON_LIMITS, type CouponDto, type CouponFields } from '@qrqr/shared';
import type { Transaction } from 'kysely';
import { q } from '../../db/queryable';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { decodeBase64Image, insertImage, type PreparedImage, prepareImage } from '../../platform/images';
import { presentCoupon } from './present';
import { countCoupons, findCouponRow, insertCoupon, lockChannel } from './repository';

/**
 * Adds a coupon to the channel's library. The picture (optional) is re-encoded first, outside the
 * transaction; then, under the channel's lock, the storage limit is checked and the picture and
 * the coupon are stored together (both or neither).
 */
export async function saveCoupon(
  ctx: AppContext,
  input: { channelId: number; fields: CouponFields; image?: string; signal?: AbortSignal },
): Promise<CouponDto> {
  const { channelId, fields } = input;
  // A full library is refused before any picture work is spent on it (and again under the lock).
  await assertRoom(ctx, channelId);
  let picture: PreparedImage | undefined;
  if (input.image !== undefined && input.image !== '') {
    picture = await prepareImage(ctx.decodes, decodeBase64Image(input.image), input.signal);
  }
  const now = Date.now();
  const id = await ctx.db.kysely.transaction().execute(async (trx) => {
    await lockChannel(trx, channelId);
    await assertRoom(ctx, channelId, trx);
    const stored = picture
      ? await insertImage(trx, picture, { channelId, purpose: 'coupon' }, now)
      : undefined;
    const row = await insertCoupon(trx, {
      channel_id: channelId,
      image_id: stored?.id ?? null,
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
      created_at: now,
    });
    return Number(row.id);
  });
  const saved = await findCouponRow(ctx.db.kysely, channelId, id);
  if (!saved) throw new Error('a saved coupon vanished');
  return presentCoupon(saved);
}

async function assertRoom(ctx: AppContext, channelId: number, trx?: Transaction<Database>) {
  if ((await countCoupons(q(ctx.db, trx), channelId)) >= COUPON_LIMITS.storageMax) {
    throw new AppError('E-409', { messageKey: 'errors.coupon_storage_full' });
  }
}
