import {
  COUPON_CODE_TYPES,
  COUPON_DEFAULTS,
  COUPON_DISCOUNT_TYPES,
  COUPON_USES,
  type CouponDto,
  type CouponFieldsInput,
  halfWidthNumber,
  tokyoDate,
} from '@qrqr/shared';
import type { CouponCardData } from '../../../cards/coupon-card';

/** The create form's values: what the inputs hold (numbers as typed text); zod turns them into a coupon. */
export interface CouponFormValues {
  coupon_type: string;
  coupon_content: string;
  coupon_value_percent: string;
  coupon_value_off: string;
  coupon_value_regular_price: string;
  coupon_value_coupon_price: string;
  coupon_free_text_small: string;
  coupon_free_text_large: string;
  coupon_text_color: string;
  coupon_text_color_shadow: string;
  coupon_text_detail: string;
  coupon_available_count: string;
  coupon_code_type: string;
  coupon_code_text: string;
  coupon_date_from: string;
  coupon_date_to: string;
}

/** Today and a month from now in Japan, as yyyy-MM-dd. */
const tokyoDay = (offsetDays = 0) => tokyoDate(Date.now() + offsetDays * 86_400_000);

export function emptyCouponForm(): CouponFormValues {
  return {
    coupon_type: String(COUPON_DISCOUNT_TYPES.percent),
    coupon_content: '',
    coupon_value_percent: '',
    coupon_value_off: '',
    coupon_value_regular_price: '',
    coupon_value_coupon_price: '',
    coupon_free_text_small: '',
    coupon_free_text_large: '',
    coupon_text_color: COUPON_DEFAULTS.textColor,
    coupon_text_color_shadow: String(COUPON_DEFAULTS.textShadow),
    coupon_text_detail: '',
    coupon_available_count: String(COUPON_USES.once),
    coupon_code_type: String(COUPON_CODE_TYPES.qr),
    coupon_code_text: '',
    coupon_date_from: tokyoDay(),
    coupon_date_to: tokyoDay(30),
  };
}

const text = (v: number | null) => (v === null ? '' : String(v));

/** A saved coupon in the form, to edit it or to start a copy. */
export function couponFormValues(c: CouponDto): CouponFormValues {
  return {
    coupon_type: String(c.coupon_type),
    coupon_content: c.coupon_content,
    coupon_value_percent: text(c.coupon_value_percent),
    coupon_value_off: text(c.coupon_value_off),
    coupon_value_regular_price: text(c.coupon_value_regular_price),
    coupon_value_coupon_price: text(c.coupon_value_coupon_price),
    coupon_free_text_small: c.coupon_free_text_small,
    coupon_free_text_large: c.coupon_free_text_large,
    coupon_text_color: c.coupon_text_color,
    coupon_text_color_shadow: String(c.coupon_text_color_shadow),
    coupon_text_detail: c.coupon_text_detail,
    coupon_available_count: String(c.coupon_available_count),
    coupon_code_type: String(c.coupon_code_type),
    coupon_code_text: c.coupon_code_text,
    coupon_date_from: c.coupon_date_from,
    coupon_date_to: c.coupon_date_to,
  };
}

const num = (v: string) => (v.trim() === '' ? null : Number(halfWidthNumber(v.trim())));

/** The form as the follower's card shows it while it is being typed. */
export function previewData(v: CouponFormValues): CouponCardData {
  return {
    coupon_type: Number(v.coupon_type),
    coupon_content: v.coupon_content,
    coupon_value_percent: num(v.coupon_value_percent),
    coupon_value_off: num(v.coupon_value_off),
    coupon_value_regular_price: num(v.coupon_value_regular_price),
    coupon_value_coupon_price: num(v.coupon_value_coupon_price),
    coupon_free_text_small: v.coupon_free_text_small,
    coupon_free_text_large: v.coupon_free_text_large,
    coupon_text_color: /^#[0-9a-fA-F]{6}$/.test(v.coupon_text_color)
      ? v.coupon_text_color
      : COUPON_DEFAULTS.textColor,
    coupon_text_color_shadow: Number(v.coupon_text_color_shadow),
    coupon_text_detail: v.coupon_text_detail,
    coupon_available_count: Number(v.coupon_available_count),
    coupon_code_type: Number(v.coupon_code_type),
    coupon_code_text: v.coupon_code_text,
    coupon_date_from: v.coupon_date_from,
    coupon_date_to: v.coupon_date_to,
  };
}

/** What the save call sends (the schema's input; the server applies the same rules). */
export function toSaveInput(v: CouponFormValues): CouponFieldsInput {
  return { ...v };
}
