// The coupons feature's public file: what other features may use of it.
export {
  type CouponValues,
  couponValues,
  emptyCoupon,
  previewFields,
  type SavedCouponFields,
  typedNumber,
} from './components/coupon-values';
