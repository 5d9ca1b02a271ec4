import { COUPON_DISCOUNT_TYPES } from '@qrqr/shared/coupon-constants';
import type { CouponDto } from '@qrqr/shared/coupon-schemas';
import type { CouponCardText } from '../../../cards/coupon-card';

/** The discount in one line, as the list shows it ("10% OFF", "¥1,000 → ¥800", "半額"). */
export function discountLabel(coupon: CouponDto, text: CouponCardText, locale: 'ja' | 'en'): string {
  const n = (v: number | null) => (v === null ? '–' : new Intl.NumberFormat(locale).format(v));
  switch (coupon.coupon_type) {
    case COUPON_DISCOUNT_TYPES.percent:
      return text('percent', { value: coupon.coupon_value_percent ?? '–' });
    case COUPON_DISCOUNT_TYPES.yen:
      return text('yen', { value: n(coupon.coupon_value_off) });
    case COUPON_DISCOUNT_TYPES.lineThrough:
      return `¥${n(coupon.coupon_value_regular_price)} → ¥${n(coupon.coupon_value_coupon_price)}`;
    case COUPON_DISCOUNT_TYPES.half:
      return text('half');
    case COUPON_DISCOUNT_TYPES.free:
      return text('free');
    default:
      return coupon.coupon_free_text_large;
  }
}
