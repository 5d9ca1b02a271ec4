import { channelPath } from '@qrqr/shared/channel-paths';
import {
  COUPON_CODE_TYPES,
  type CouponCodeType,
  type CouponDiscountType,
  type CouponTextShadow,
  type CouponUse,
} from '@qrqr/shared/coupon-constants';
import type { CouponDto } from '@qrqr/shared/coupon-schemas';
import type { CouponRow } from '../../db/schema';
import { imageUrl } from '../../platform/media/images';

/** Where a saved coupon's code is drawn (QR and JAN only; a numeric code is shown as text). */
export function couponCodeImagePath(channelId: number, couponId: number): string {
  return channelPath.couponCode(channelId, couponId);
}

/** A coupon as the library answers it (couponSchema of @qrqr/shared). */
export function presentCoupon(row: CouponRow & { image_name: string | null }): CouponDto {
  const drawn = row.code_type === COUPON_CODE_TYPES.qr || row.code_type === COUPON_CODE_TYPES.jan;
  return {
    coupon_img_id: Number(row.id),
    coupon_image_url: row.image_name ? imageUrl(row.image_name) : null,
    coupon_code_image_url: drawn ? couponCodeImagePath(row.channel_id, Number(row.id)) : null,
    coupon_type: row.discount_type as CouponDiscountType,
    coupon_content: row.item_name,
    coupon_value_percent: row.value_percent,
    coupon_value_off: row.value_yen,
    coupon_value_regular_price: row.regular_price,
    coupon_value_coupon_price: row.coupon_price,
    coupon_free_text_small: row.free_text_small,
    coupon_free_text_large: row.free_text_large,
    coupon_text_color: row.text_color,
    coupon_text_color_shadow: row.text_shadow as CouponTextShadow,
    coupon_text_detail: row.coupon_text,
    coupon_available_count: row.available_count as CouponUse,
    coupon_code_type: row.code_type as CouponCodeType,
    coupon_code_text: row.code_text,
    coupon_date_from: row.date_from,
    coupon_date_to: row.date_to,
    created_at: row.created_at,
  };
}
