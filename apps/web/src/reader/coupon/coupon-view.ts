import type { InboxItemDto } from '@qrqr/shared';
import type { MessageCouponView } from '../../cards/message-cards';

/**
 * A follower's coupon as the card shows it: its code once used (the server sends the code only
 * then), its state, the operator's words when cancelled, and how to use it while valid.
 */
export function couponView(
  item: InboxItemDto,
  onUse: (() => void) | undefined,
  busy: boolean,
): MessageCouponView | null {
  const c = item.coupon;
  if (!c) return null;
  return {
    coupon: c,
    imageUrl: c.coupon_image_url,
    codeImageUrl: null,
    state: c.state,
    cancelText: c.cancel_text,
    showCode: c.used_count > 0 && c.state !== 'cancelled',
    onUse,
    busy,
  };
}
