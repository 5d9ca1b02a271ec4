import { tokyoDay } from './tokyo-day';

/**
 * The body of POST …/coupon/image/save for the coffee shop's coupon the message tests send:
 * 100 yen off a blend, used once, code 4711, valid from today for two weeks.
 */
export const blendCouponBody = () => ({
  coupon_image_data: {
    coupon_type: 2,
    coupon_value_off: 100,
    coupon_content: 'ブレンドコーヒー',
    coupon_available_count: 1,
    coupon_code_type: 3,
    coupon_code_text: '4711',
    coupon_date_from: tokyoDay(0),
    coupon_date_to: tokyoDay(14),
  },
});
