import { channelPath } from '@qrqr/shared/channel-paths';
import type { CouponDto } from '@qrqr/shared/coupon-schemas';
import { completeJan } from '@qrqr/shared/jan';
import { expect } from 'vitest';
import type { TestClient } from './client';

/** A valid JAN code with an in-store prefix (20–29). */
export const IN_STORE_JAN = completeJan('200000012345');

/** The create form's fields: a 10 % off coupon with a QR code unless patched. */
export const newCoupon = (patch: Record<string, unknown> = {}) => ({
  coupon_type: 1,
  coupon_content: 'ブレンドコーヒー',
  coupon_value_percent: 10,
  coupon_text_color: '#ffffff',
  coupon_text_color_shadow: 1,
  coupon_text_detail: 'お会計時にこの画面をご提示ください。',
  coupon_available_count: 1,
  coupon_code_type: 1,
  coupon_code_text: 'KOMOREBI-2026-SPRING',
  coupon_date_from: '2026-04-01',
  coupon_date_to: '2026-04-30',
  ...patch,
});

/** Saves a coupon in the channel and returns it (fails the test on anything but success). */
export async function saveCoupon(
  client: TestClient,
  channelId: number,
  patch: Record<string, unknown> = {},
): Promise<CouponDto> {
  const res = await client.post(channelPath.couponSave(channelId), { coupon_image_data: newCoupon(patch) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().coupon as CouponDto;
}
