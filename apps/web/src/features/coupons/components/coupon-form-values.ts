import { tokyoDate } from '@qrqr/shared/coupon-constants';
import type { CouponDto, CouponFieldsInput } from '@qrqr/shared/coupon-schemas';
import type { CouponCardData } from '../../../cards/coupon-card';
import { type CouponValues, couponValues, emptyCoupon, previewFields } from './coupon-values';

/** The library's create form: a coupon's values and its period. */
export interface CouponFormValues extends CouponValues {
  coupon_date_from: string;
  coupon_date_to: string;
}

/** Today and a month from now in Japan, as yyyy-MM-dd. */
const tokyoDay = (offsetDays = 0) => tokyoDate(Date.now() + offsetDays * 86_400_000);

export function emptyCouponForm(): CouponFormValues {
  return { ...emptyCoupon(), coupon_date_from: tokyoDay(), coupon_date_to: tokyoDay(30) };
}

/** A saved coupon in the form, to edit it or to start a copy. */
export function couponFormValues(c: CouponDto): CouponFormValues {
  return { ...couponValues(c), coupon_date_from: c.coupon_date_from, coupon_date_to: c.coupon_date_to };
}

/** The form as the follower's card shows it while it is being typed. */
export function previewData(v: CouponFormValues): CouponCardData {
  return { ...previewFields(v), coupon_date_from: v.coupon_date_from, coupon_date_to: v.coupon_date_to };
}

/** What the save call sends (the schema's input; the server applies the same rules). */
export function toSaveInput(v: CouponFormValues): CouponFieldsInput {
  return { ...v };
}
