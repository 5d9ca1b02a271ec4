import { COUPON_DEFAULTS, COUPON_USES, type CouponDefaults } from '@qrqr/shared/coupon-constants';
import { halfWidthNumber } from '@qrqr/shared/number-text';

/**
 * One coupon's inputs as typed (numbers and choices as text): the library's coupons, which
 * messages carry, and a Wi-Fi page's coupon alike. The server reads digits sent as text.
 */
export interface CouponValues {
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
  /** COUPON_USES, or a count of uses (a Wi-Fi page's); -1 unlimited. */
  coupon_available_count: string;
  coupon_code_type: string;
  coupon_code_text: string;
}

/** A saved coupon's fields, as the answers carry them. */
export interface SavedCouponFields {
  coupon_type: number;
  coupon_content: string;
  coupon_value_percent: number | null;
  coupon_value_off: number | null;
  coupon_value_regular_price: number | null;
  coupon_value_coupon_price: number | null;
  coupon_free_text_small: string;
  coupon_free_text_large: string;
  coupon_text_color: string;
  coupon_text_color_shadow: number;
  coupon_text_detail: string;
  coupon_available_count: number;
  coupon_code_type: number;
  coupon_code_text: string;
}

const text = (v: number | null) => (v === null ? '' : String(v));

/** A new coupon's values from its defaults (the library's unless a Wi-Fi page gives its own). */
export function emptyCoupon(d: CouponDefaults = COUPON_DEFAULTS): CouponValues {
  return {
    coupon_type: String(d.discountType),
    coupon_content: '',
    coupon_value_percent: text(d.percent),
    coupon_value_off: '',
    coupon_value_regular_price: '',
    coupon_value_coupon_price: '',
    coupon_free_text_small: '',
    coupon_free_text_large: '',
    coupon_text_color: d.textColor,
    coupon_text_color_shadow: String(d.textShadow),
    coupon_text_detail: '',
    coupon_available_count: String(d.uses),
    coupon_code_type: String(d.codeType),
    coupon_code_text: '',
  };
}

/** A saved coupon's values, to edit it or to start a copy. */
export function couponValues(c: SavedCouponFields): CouponValues {
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
  };
}

/** A typed number (full-width digits read as half-width); empty or unreadable counts as none. */
export function typedNumber(v: string): number | null {
  const n = v.trim() === '' ? Number.NaN : Number(halfWidthNumber(v.trim()));
  return Number.isNaN(n) ? null : n;
}

/** The values as the card shows them while they are typed (an unfinished colour: the default). */
export function previewFields(v: CouponValues): SavedCouponFields {
  return {
    coupon_type: Number(v.coupon_type),
    coupon_content: v.coupon_content,
    coupon_value_percent: typedNumber(v.coupon_value_percent),
    coupon_value_off: typedNumber(v.coupon_value_off),
    coupon_value_regular_price: typedNumber(v.coupon_value_regular_price),
    coupon_value_coupon_price: typedNumber(v.coupon_value_coupon_price),
    coupon_free_text_small: v.coupon_free_text_small,
    coupon_free_text_large: v.coupon_free_text_large,
    coupon_text_color: /^#[0-9a-fA-F]{6}$/.test(v.coupon_text_color)
      ? v.coupon_text_color
      : COUPON_DEFAULTS.textColor,
    coupon_text_color_shadow: Number(v.coupon_text_color_shadow),
    coupon_text_detail: v.coupon_text_detail,
    coupon_available_count: typedNumber(v.coupon_available_count) ?? COUPON_USES.unlimited,
    coupon_code_type: Number(v.coupon_code_type),
    coupon_code_text: v.coupon_code_text,
  };
}
