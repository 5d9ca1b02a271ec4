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
