import {
  COUPON_CODE_TYPES,
  type CouponCodeType,
  type CouponDiscountType,
  type CouponDto,
  type CouponTextShadow,
  type CouponUse,
  channelPath,
} from '@qrqr/shared';
import { z } from 'zod';
import type { CouponRow } from '../../db/schema';
import { imageUrl } from '../../platform/images';

/** Where a saved coupon's code is drawn (QR and JAN only; a numeric code is shown as text). */
export function couponCodeImagePath(channelId: number, couponId: number): string {
  return channelPath.couponCode(channelId, couponId);
}

/** A coupon as the library answers it (CouponDto of @qrqr/shared). */
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

const nullableInt = z.number().int().nullable();

/** The same shape for OpenAPI and the response serializer. */
export const couponSchema = z.object({
  coupon_img_id: z.number().int(),
  coupon_image_url: z.string().nullable(),
  coupon_code_image_url: z.string().nullable().describe('PNG of the QR code or JAN barcode'),
  coupon_type: z.number().int().describe('percent 1, yen 2, line-through 3, half 4, free 5, free text 6'),
  coupon_content: z.string().describe('Item name'),
  coupon_value_percent: nullableInt,
  coupon_value_off: nullableInt,
  coupon_value_regular_price: nullableInt,
  coupon_value_coupon_price: nullableInt,
  coupon_free_text_small: z.string(),
  coupon_free_text_large: z.string(),
  coupon_text_color: z.string(),
  coupon_text_color_shadow: z.number().int().describe('white 0, black 1'),
  coupon_text_detail: z.string(),
  coupon_available_count: z.number().int().describe('once 1, unlimited -1'),
  coupon_code_type: z.number().int().describe('QR 1, JAN 2, code 3, none 4'),
  coupon_code_text: z.string(),
  coupon_date_from: z.string().describe('yyyy-MM-dd'),
  coupon_date_to: z.string().describe('yyyy-MM-dd'),
  created_at: z.number().int(),
});
