import type { MessageCouponDto, MessageDto, MessageLayout } from '@qrqr/shared';
import type { MessageRow } from './repository';

/** What a message answer shows besides its row: its send list's name and its coupon. */
export interface MessageExtras {
  /** The list's name; null for all followers; undefined when the list was deleted. */
  sendlistName: string | null | undefined;
  coupon: MessageCouponDto | null;
  couponMissing: boolean;
}

export const tagIds = (json: string): number[] => {
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? parsed.map(Number) : [];
};

/** The parts every message-like answer shares (welcome messages too). */
export function presentContent(
  row: Pick<
    MessageRow,
    | 'layout'
    | 'push_text'
    | 'push_tags'
    | 'coupon_use_tags'
    | 'detail_title'
    | 'detail_text'
    | 'link_url'
    | 'background_image_url'
    | 'coupon_id'
    | 'coupon_title'
    | 'coupon_text_summary'
    | 'coupon_text_detail'
  >,
  extras: Pick<MessageExtras, 'coupon' | 'couponMissing'>,
) {
  return {
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
  };
}

/** A message as the operator's calls answer it (messageSchema of @qrqr/shared). */
export function presentMessage(row: MessageRow, extras: MessageExtras): MessageDto {
  const sent = row.status === 2 || row.status === 3;
  return {
    message_id: Number(row.id),
    status: row.status as MessageDto['status'],
    send_dt: row.send_dt === null ? null : Number(row.send_dt),
    send_list_id: row.sendlist_id === null ? null : Number(row.sendlist_id),
    send_list_name: extras.sendlistName ?? null,
    send_list_missing: row.sendlist_id !== null && extras.sendlistName === undefined,
    ...presentContent(row, extras),
    delivered_count: sent ? Number(row.delivered_count ?? 0) : null,
    sent_at: row.sent_at === null ? null : Number(row.sent_at),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}
