// The coupons feature's public file: what other features may use of it.
export { useCoupons } from './api/get-coupons';
export { useCardText } from './components/card-text';
export {
  type CouponValues,
  couponValues,
  emptyCoupon,
  previewFields,
  type SavedCouponFields,
  typedNumber,
} from './components/coupon-values';
export { PictureInput } from './components/picture-input';
