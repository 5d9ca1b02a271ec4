import type { AbTestDto, saveMessageWithTestBody } from '@qrqr/shared/ab-test-schemas';
import { MESSAGE_LAYOUTS, type MessageLayout } from '@qrqr/shared/message-constants';
import type { MessageDto } from '@qrqr/shared/message-schemas';
import type { z } from 'zod';
import { type AbFormValues, abFormValues } from './ab-test-values';
import type { ContentValues } from './message-editor-parts';

/** What both editors (message and welcome message) hold: the layout and the content it shows. */
export type EditorContent = ContentValues & { layout: MessageLayout };

export const emptyContent: EditorContent = {
  layout: MESSAGE_LAYOUTS.text,
  push_text: '',
  push_tag: [],
  push_coupon_use_tags: [],
  detail_title: '',
  detail_text: '',
  link_url: '',
  background_image_url: '',
  coupon_id: null,
  coupon_title: '',
  coupon_text_summary: '',
  coupon_text_detail: '',
};

/** The content of a saved message or welcome message, as its editor opens on it. */
export function contentOf(m: EditorContent & { coupon_missing: boolean }): EditorContent {
  return {
    layout: m.layout,
    push_text: m.push_text,
    push_tag: [...m.push_tag],
    push_coupon_use_tags: [...m.push_coupon_use_tags],
    detail_title: m.detail_title,
    detail_text: m.detail_text,
    link_url: m.link_url,
    background_image_url: m.background_image_url,
    // "select the coupon again": a deleted library coupon is not offered back.
    coupon_id: m.coupon_missing ? null : m.coupon_id,
    coupon_title: m.coupon_title,
    coupon_text_summary: m.coupon_text_summary,
    coupon_text_detail: m.coupon_text_detail,
  };
}

/** The editor's values: what POST …/message takes, with the send list as a choice. */
export interface MessageFormValues extends EditorContent {
  /** 'all' (every follower) or 'list' (send_list_id). */
  audience: 'all' | 'list';
  send_list_id: number | null;
  /** Unix seconds, or null to send as soon as it is reserved. */
  send_dt: number | null;
  /** Its A/B test, or null for none. */
  ab_test: AbFormValues | null;
}

/** The body of POST …/message, its A/B test with it. */
export type SaveMessageWithTestInput = z.input<typeof saveMessageWithTestBody>;

export const emptyMessage: MessageFormValues = {
  ...emptyContent,
  audience: 'all',
  send_list_id: null,
  send_dt: null,
  ab_test: null,
};

export function toFormValues(m: MessageDto, test?: AbTestDto): MessageFormValues {
  return {
    ...contentOf(m),
    audience: m.send_list_id === null ? 'all' : 'list',
    send_list_id: m.send_list_missing ? null : m.send_list_id,
    send_dt: m.send_dt,
    ab_test: test ? abFormValues(test) : null,
  };
}

/** The body of POST …/message (the shared schema empties what the layout does not show). */
export function toBody(v: MessageFormValues, messageId?: number): SaveMessageWithTestInput {
  const { audience, ...rest } = v;
  return {
    ...rest,
    message_id: messageId,
    send_list_id: audience === 'all' ? null : v.send_list_id,
  };
}
