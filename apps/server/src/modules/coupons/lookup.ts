/**
 * What other modules (Wi-Fi welcome pages) ask of the coupon library: the drawing of a coupon's
 * code, so a page's coupon shows the same QR code or JAN barcode as the library's.
 */
export { renderCouponCode } from './code-image';
