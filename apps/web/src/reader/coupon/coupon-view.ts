import { COUPON_CODE_TYPES } from '@qrqr/shared/coupon-constants';
import type { InboxItemDto } from '@qrqr/shared/message-schemas';
import { readerChannelPath } from '@qrqr/shared/paths';
import type { MessageCouponView } from '../../cards/message-cards';

/**
 * A follower's coupon as the card shows it: its code (text, or the QR/JAN picture) once used (the server sends the code only
 * then), its state, the operator's words when cancelled, how to use it while valid, and once used
 * the moment of use beside `now`, ticking.
 */
export function couponView(
  item: InboxItemDto,
  onUse: (() => void) | undefined,
  busy: boolean,
  channelCode?: string,
  now?: number,
): MessageCouponView | null {
  const c = item.coupon;
  if (!c) return null;
  // A QR code or JAN barcode is drawn by the server once used (its answer shows the code text).
  const showCode = c.used_count > 0 && c.state !== 'cancelled';
  const drawn = c.coupon_code_type === COUPON_CODE_TYPES.qr || c.coupon_code_type === COUPON_CODE_TYPES.jan;
  return {
    coupon: c,
    imageUrl: c.coupon_image_url,
    codeImageUrl:
      drawn && channelCode && c.coupon_code_text !== ''
        ? readerChannelPath.messageCouponCode(channelCode, item.item_key)
        : null,
    state: c.state,
    cancelText: c.cancel_text,
    showCode,
    onUse,
    busy,
    used: showCode && now !== undefined ? { at: c.used_at, now } : undefined,
  };
}
