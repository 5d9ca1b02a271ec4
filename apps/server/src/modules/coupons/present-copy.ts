import type {
  CouponCodeType,
  CouponDiscountType,
  CouponTextShadow,
  CouponUse,
} from '@qrqr/shared/coupon-constants';
import type { ReaderCouponState } from '@qrqr/shared/message-constants';
import type { MessageCouponDto, ReaderCouponDto } from '@qrqr/shared/message-schemas';
import type { CouponRow } from '../../db/schema';
import { imageUrl } from '../../platform/media/images';
import type { CouponCopyRow } from './repository';

type CouponFields = Omit<CouponRow, 'id' | 'image_id' | 'created_at' | 'channel_id'> & {
  image_name: string | null;
};

function fields(row: CouponFields) {
  return {
    coupon_image_url: row.image_name ? imageUrl(row.image_name) : null,
    coupon_type: row.discount_type as CouponDiscountType,
    coupon_content: row.item_name,
    coupon_value_percent: row.value_percent,
    coupon_value_off: row.value_yen,
    coupon_value_regular_price: row.regular_price,
    coupon_value_coupon_price: row.coupon_price,
    coupon_free_text_small: row.free_text_small,
    coupon_free_text_large: row.free_text_large,
    coupon_text_color: row.text_color,
    coupon_text_color_shadow: row.text_shadow as CouponTextShadow,
    coupon_text_detail: row.coupon_text,
    coupon_available_count: row.available_count as CouponUse,
    coupon_code_type: row.code_type as CouponCodeType,
    coupon_code_text: row.code_text,
    coupon_date_from: row.date_from,
    coupon_date_to: row.date_to,
  };
}

/** A frozen copy as a message carries it (messageCouponSchema). */
export function presentCouponCopy(row: CouponCopyRow): MessageCouponDto {
  return {
    ...fields(row),
    coupon_id: row.coupon_id === null ? null : Number(row.coupon_id),
    frozen: true,
    cancelled: row.cancelled_at !== null,
    cancel_text: row.cancel_text,
  };
}

/** A library coupon as a draft shows it (not frozen yet). */
export function presentLiveCoupon(row: CouponRow & { image_name: string | null }): MessageCouponDto {
  return { ...fields(row), coupon_id: Number(row.id), frozen: false, cancelled: false, cancel_text: '' };
}

/**
 * The coupon as one follower sees it: its state (cancelled, used up, expired, not yet, valid, in
 * that order, the period in Japan’s calendar), how often they used it, and the code and the moment
 * of the use once used (the reader shows it beside a running clock, for staff to tell a live screen).
 */
export function presentReaderCoupon(
  row: CouponCopyRow,
  use: { coupon_use_count: number; coupon_used_at: number | null },
  today: string,
): ReaderCouponDto {
  const usedCount = use.coupon_use_count;
  const { coupon_id: _c, frozen: _f, coupon_code_text, ...shown } = presentCouponCopy(row);
  const once = row.available_count === 1;
  let state: ReaderCouponState = 'valid';
  if (row.cancelled_at !== null) state = 'cancelled';
  else if (once && usedCount > 0) state = 'used';
  else if (row.date_to < today) state = 'expired';
  else if (row.date_from > today) state = 'upcoming';
  return {
    ...shown,
    state,
    used_count: usedCount,
    coupon_code_text: usedCount > 0 ? coupon_code_text : '',
    used_at: usedCount > 0 ? use.coupon_used_at : null,
  };
}
