import type { MessageCouponDto, MessageLayout, WelcomeMessageDto, WelcomeStatus } from '@qrqr/shared';
import type { WelcomeRow } from './repository';

const tagIds = (json: string): number[] => {
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? parsed.map(Number) : [];
};

/** Whether a follow now receives it: on, and before its end (to the second). */
export const isActive = (row: WelcomeRow, now: number = Date.now()) =>
  row.status === 1 && (row.send_end_dt === null || Number(row.send_end_dt) > Math.floor(now / 1000));

/** A welcome message as the operator's calls answer it (welcomeMessageSchema of @qrqr/shared). */
export function presentWelcome(
  row: WelcomeRow,
  extras: { coupon: MessageCouponDto | null; couponMissing: boolean; delivered: number },
): WelcomeMessageDto {
  return {
    message_id: Number(row.id),
    status: row.status as WelcomeStatus,
    send_end_dt: row.send_end_dt === null ? null : Number(row.send_end_dt),
    active: isActive(row),
    layout: row.layout as MessageLayout,
    push_text: row.push_text,
    push_tag: tagIds(row.push_tags),
    push_coupon_use_tags: tagIds(row.coupon_use_tags),
    detail_title: row.detail_title,
    detail_text: row.detail_text,
    link_url: row.link_url,
    background_image_url: row.background_image_url,
    coupon_id: row.coupon_id === null ? null : Number(row.coupon_id),
    coupon_title: row.coupon_title,
    coupon_text_summary: row.coupon_text_summary,
    coupon_text_detail: row.coupon_text_detail,
    coupon: extras.coupon,
    coupon_missing: extras.couponMissing,
    delivered_count: extras.delivered,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
