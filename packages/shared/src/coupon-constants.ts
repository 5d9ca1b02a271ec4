/** Coupon constants without zod, for the cards the reader draws too (coupon-schemas.ts re-exports them). */
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
