/** Coupon constants and rules without zod, for the cards the reader draws too and the library's screens. */
import { LIMITS } from './limits';

export const COUPON_CODE_TYPES = { qr: 1, jan: 2, code: 3, none: 4 } as const;
export type CouponCodeType = (typeof COUPON_CODE_TYPES)[keyof typeof COUPON_CODE_TYPES];

export const COUPON_USES = { once: 1, unlimited: -1 } as const;
export type CouponUse = (typeof COUPON_USES)[keyof typeof COUPON_USES];

export const COUPON_DISCOUNT_TYPES = {
  percent: 1,
  yen: 2,
  lineThrough: 3,
  half: 4,
  free: 5,
  freeText: 6,
} as const;
export type CouponDiscountType = (typeof COUPON_DISCOUNT_TYPES)[keyof typeof COUPON_DISCOUNT_TYPES];

export const COUPON_TEXT_SHADOWS = { white: 0, black: 1 } as const;
export type CouponTextShadow = (typeof COUPON_TEXT_SHADOWS)[keyof typeof COUPON_TEXT_SHADOWS];

/** What a new coupon starts with (the library's form; the server fills colour and shadow alike). */
export interface CouponDefaults {
  discountType: CouponDiscountType;
  /** The percent box's starting figure; null starts it empty. */
  percent: number | null;
  textColor: string;
  textShadow: CouponTextShadow;
  /** How many uses a follower or guest gets: COUPON_USES, or a count. */
  uses: number;
  codeType: CouponCodeType;
}

export const COUPON_DEFAULTS = {
  discountType: COUPON_DISCOUNT_TYPES.percent,
  percent: null,
  textColor: '#ffffff',
  textShadow: COUPON_TEXT_SHADOWS.black,
  uses: COUPON_USES.once,
  codeType: COUPON_CODE_TYPES.qr,
} as const satisfies CouponDefaults;

/** An item name's most characters, which the library's search text shares. */
const ITEM_NAME_MAX = 36;

/** Limits of coupons and the library's size, which both the server and the form enforce. */
export const COUPON_LIMITS = {
  itemNameMax: ITEM_NAME_MAX,
  freeTextSmallMax: 100,
  freeTextLargeMax: 100,
  textMax: 1000,
  qrCodeMax: 64,
  janLength: 13,
  numberCodeMax: 10,
  /** The Wi-Fi page's coupon price maximum, used for every yen amount. */
  priceMax: 99_999_999,
  percentMin: 1,
  percentMax: 99,
  /**
   * Coupons one channel may keep (the spec's "coupon storage limit", its number is ours): enough
   * for a shop's seasonal campaigns, small enough that the library is one screen and a few MB of
   * pictures. Saving one more answers the storage-limit message.
   */
  storageMax: 100,
  /** Coupons one delete call may name. */
  deleteMax: 100,
} as const;

/** A coupon's state on a day, from its period (both ends included). */
export const COUPON_STATES = ['valid', 'upcoming', 'expired'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

/**
 * Today in Japan as yyyy-MM-dd: coupon periods are days of the shop's calendar. Tokyo is UTC + 9 h
 * all year; arithmetic, as a time-zone `Intl` formatter's first use loads the zone's data.
 */
export function tokyoDate(at: number = Date.now()): string {
  return new Date(at + 9 * 3_600_000).toISOString().slice(0, 10);
}

export function couponState(
  coupon: { coupon_date_from: string; coupon_date_to: string },
  today: string = tokyoDate(),
): CouponState {
  if (coupon.coupon_date_to < today) return 'expired';
  return coupon.coupon_date_from > today ? 'upcoming' : 'valid';
}

/** Search text of the coupon list: part of the item name. */
export const COUPON_KEYWORD_MAX = ITEM_NAME_MAX;

export const COUPONS_PAGE_SIZE = LIMITS.pageSize;
