import type { MessageLayout } from '@qrqr/shared/message-constants';
import type { MessageCouponDto, SaveMessageBody } from '@qrqr/shared/message-schemas';
import type { SaveWelcomeMessageBody } from '@qrqr/shared/welcome-message-schemas';
import type { Selectable } from 'kysely';
import type { MessagesTable, WelcomeMessagesTable } from '../../db/schema';

/**
 * The content every message-like item has (a message, a welcome message; both bodies spread
 * @qrqr/shared messageContentShape): its columns as a save writes them, and its answer's fields.
 */

/** The columns of an item's content, the same in both kinds' tables (what the inbox shows of it). */
export const CONTENT_COLUMNS = [
  'id',
  'channel_id',
  'layout',
  'push_text',
  'push_tags',
  'coupon_use_tags',
  'detail_title',
  'detail_text',
  'link_url',
  'background_image_url',
  'coupon_title',
  'coupon_text_summary',
  'coupon_text_detail',
  'coupon_copy_id',
] as const;

/** An item's content columns, whichever its kind. */
export type ItemContentRow = Pick<Selectable<MessagesTable>, (typeof CONTENT_COLUMNS)[number]> &
  Pick<Selectable<WelcomeMessagesTable>, (typeof CONTENT_COLUMNS)[number]>;

/** The tag ids a JSON column holds. */
export const tagIds = (json: string): number[] => {
  const parsed = JSON.parse(json) as unknown;
  return Array.isArray(parsed) ? parsed.map(Number) : [];
};

/** What a save carries of an item's content (a message, a welcome message, a test's variant). */
type ContentBody = Omit<SaveMessageBody, 'message_id' | 'send_dt' | 'send_list_id'> | SaveWelcomeMessageBody;

/** The content columns a save writes (with `updated_at`). */
export function contentColumns(body: ContentBody, now: number) {
  return {
    layout: body.layout,
    push_text: body.push_text,
    push_tags: JSON.stringify(body.push_tag),
    coupon_use_tags: JSON.stringify(body.push_coupon_use_tags),
    detail_title: body.detail_title,
    detail_text: body.detail_text,
    link_url: body.link_url,
    background_image_url: body.background_image_url,
    coupon_id: body.coupon_id,
    coupon_title: body.coupon_title,
    coupon_text_summary: body.coupon_text_summary,
    coupon_text_detail: body.coupon_text_detail,
    updated_at: now,
  };
}

/** The content fields of an answer, with the coupon it shows (live or frozen) and whether it is missing. */
export function presentContent(
  row: Selectable<MessagesTable> | Selectable<WelcomeMessagesTable>,
  extras: { coupon: MessageCouponDto | null; couponMissing: boolean },
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
