import { z } from 'zod';
import { AB_STATES } from './ab-test-constants';
import { couponSchema } from './coupon-schemas';
import { numberFromText, numberOrEmpty } from './form-number';
import { idNumber } from './id-schemas';
import { linkUrlField } from './link-url';
import {
  INBOX_KINDS,
  layoutHas,
  MESSAGE_LAYOUT_VALUES,
  MESSAGE_LAYOUTS,
  MESSAGE_LIMITS,
  MESSAGE_STATUS_VALUES,
  MESSAGE_STATUSES,
  type MessageLayout,
  type MessageStatusFilter,
  READER_COUPON_STATES,
} from './message-constants';
import { pageField } from './page-field';
import { idListSchema, positiveId } from './tag-schemas';

/**
 * Messages (fields, the message and coupon-cancel calls; states and limits in message-constants.ts),
 * shared by the server (validation, OpenAPI), the operator's editor and the reader's inbox.
 */

const chars = (v: string) => Array.from(v).length;

/** A text field of a message: trimmed at the ends only when it is one line, empty when left out. */
const text = (max: number, tooLong: string) =>
  z
    .string({ error: 'validation.invalid' })
    .refine((v) => chars(v) <= max, { error: tooLong })
    .optional()
    .default('');

const idOrNull = (error: string) =>
  z.preprocess(numberOrEmpty(null), idNumber(error).nullable()) as z.ZodType<number | null, unknown>;

/** `push_tag` / `push_coupon_use_tags`: tag ids of the channel, at most 10 each. */
const messageTags = idListSchema({
  error: 'validation.tag_ids_invalid',
  min: 0,
  max: MESSAGE_LIMITS.tagsMax,
  tooMany: 'validation.message_tags_too_many',
});

/** Unix seconds (the date picker's output) or none. */
export const unixSecondsOrNull = z.preprocess(
  numberOrEmpty(null),
  z
    .number({ error: 'validation.message_send_dt_invalid' })
    .int({ error: 'validation.message_send_dt_invalid' })
    .min(0, { error: 'validation.message_send_dt_invalid' })
    .max(32_503_680_000, { error: 'validation.message_send_dt_invalid' })
    .nullable(),
) as z.ZodType<number | null, unknown>;

/** The image link URL: the link rule of every link field (link-url.ts), 255 characters. */
const linkUrl = linkUrlField({
  max: MESSAGE_LIMITS.linkUrlMax,
  tooLong: 'validation.message_link_url_too_long',
})
  .optional()
  .default('');

/** A picture stored by the channel image upload (`/api/image/{hash}.{ext}`), or none. */
export const storedImageUrl = z
  .string({ error: 'validation.message_image_invalid' })
  .trim()
  .refine((v) => v === '' || /^\/api\/image\/[0-9a-f]{16,64}\.(?:jpg|png)$/.test(v), {
    error: 'validation.message_image_invalid',
  })
  .optional()
  .default('');

/** The answer to a message picture upload: the address the message's `background_image_url` takes. */
export const messageImageAnswer = z.object({
  image_url: z.string().describe('/api/image/{hash}.{ext}, re-encoded within 1024 px'),
});
export type MessageImageAnswer = z.infer<typeof messageImageAnswer>;

/**
 * The fields a message and a welcome message share (everything but when and to whom). The push
 * text is required and every field within its limit: the draft rule ("draft conditions not met"
 * when not). Fields the layout does not show are emptied by `forLayout`.
 */
export const messageContentShape = {
  layout: z.preprocess(
    numberFromText,
    z
      .number({ error: 'validation.message_layout' })
      .refine((v) => (MESSAGE_LAYOUT_VALUES as readonly number[]).includes(v), {
        error: 'validation.message_layout',
      }),
  ) as z.ZodType<MessageLayout, unknown>,
  push_text: z
    .string({ error: 'validation.message_push_text_required' })
    .refine((v) => v.trim() !== '', { error: 'validation.message_push_text_required' })
    .refine((v) => chars(v) <= MESSAGE_LIMITS.pushTextMax, {
      error: 'validation.message_push_text_too_long',
    }),
  push_tag: messageTags,
  push_coupon_use_tags: messageTags,
  detail_title: text(MESSAGE_LIMITS.titleMax, 'validation.message_title_too_long'),
  detail_text: text(MESSAGE_LIMITS.textMax, 'validation.message_text_too_long'),
  link_url: linkUrl,
  background_image_url: storedImageUrl,
  coupon_id: idOrNull('validation.message_coupon_invalid').optional().default(null) as z.ZodType<
    number | null,
    unknown
  >,
  coupon_title: text(MESSAGE_LIMITS.titleMax, 'validation.message_coupon_title_too_long'),
  coupon_text_summary: text(MESSAGE_LIMITS.summaryMax, 'validation.message_summary_too_long'),
  coupon_text_detail: text(MESSAGE_LIMITS.couponTextMax, 'validation.message_coupon_text_too_long'),
};

type Content = {
  layout: MessageLayout;
  detail_title: string;
  detail_text: string;
  link_url: string;
  background_image_url: string;
  coupon_id: number | null;
  coupon_title: string;
  coupon_text_summary: string;
  coupon_text_detail: string;
  push_coupon_use_tags: number[];
};

/** Keeps only the fields the layout shows. */
export function forLayout<T extends Content>(m: T): T {
  const text = layoutHas(m.layout, 'text');
  const coupon = layoutHas(m.layout, 'coupon');
  const image = layoutHas(m.layout, 'image');
  return {
    ...m,
    detail_title: text ? m.detail_title : '',
    detail_text: text ? m.detail_text : '',
    link_url: image ? m.link_url : '',
    background_image_url: image ? m.background_image_url : '',
    coupon_id: coupon ? m.coupon_id : null,
    coupon_title: coupon ? m.coupon_title : '',
    coupon_text_summary: coupon ? m.coupon_text_summary : '',
    coupon_text_detail: coupon ? m.coupon_text_detail : '',
    push_coupon_use_tags: coupon ? m.push_coupon_use_tags : [],
  };
}

const optionalId = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : numberFromText(v)),
  idNumber('validation.invalid').optional(),
) as z.ZodType<number | undefined, unknown>;

/**
 * POST /api/qrchannel/{channel}/message: saves a draft (new, or `message_id` when it is still a
 * draft). `send_list_id` null sends to all followers; `send_dt` null or past sends at once when
 * reserved.
 */
export const saveMessageFields = z.object({
  message_id: optionalId,
  send_dt: unixSecondsOrNull.optional().default(null) as z.ZodType<number | null, unknown>,
  send_list_id: idOrNull('validation.message_sendlist_invalid').optional().default(null) as z.ZodType<
    number | null,
    unknown
  >,
  ...messageContentShape,
});
export const saveMessageBody = saveMessageFields.transform(forLayout);
export type SaveMessageBody = z.output<typeof saveMessageBody>;
export type SaveMessageInput = z.input<typeof saveMessageBody>;

/** GET …/message: one page (20) of one status (-1 all), newest first. */
export const messageListQuery = z.object({
  status: z.preprocess(
    (v) => (v === undefined || v === '' ? MESSAGE_STATUSES.all : numberFromText(v)),
    z
      .number({ error: 'validation.message_status' })
      .refine((v) => v === -1 || (MESSAGE_STATUS_VALUES as readonly number[]).includes(v), {
        error: 'validation.message_status',
      }),
  ) as z.ZodType<MessageStatusFilter, unknown>,
  page: pageField,
});
export type MessageListQuery = z.output<typeof messageListQuery>;

/** POST …/message/notify (and …/welcomemessage/notify): the message to reserve or turn on. */
export const notifyMessageBody = z.object({ message_id: positiveId('validation.invalid') });

/** The ids of …/message/cancel and …/message/delete: 1 to 100 messages of the channel. */
export const messageIdList = idListSchema({
  error: 'validation.message_ids_required',
  min: 1,
  max: MESSAGE_LIMITS.idsMax,
  tooMany: 'validation.ids_too_many',
});
export const messageIdsBody = z.object({ message_ids: messageIdList });
export type MessageIdsBody = z.output<typeof messageIdsBody>;

/** POST …/coupon/cancel/{message_id}: the optional text (≤ 120) followers then see. */
export const couponCancelBody = z.object({
  text_description: z
    .string({ error: 'validation.invalid' })
    .trim()
    .refine((v) => chars(v) <= MESSAGE_LIMITS.cancelTextMax, {
      error: 'validation.coupon_cancel_text_too_long',
    })
    .optional()
    .default(''),
});
export type CouponCancelBody = z.output<typeof couponCancelBody>;

/**
 * A coupon as a message carries it: a copy of the library coupon, frozen when the message is
 * reserved (a draft shows the library coupon as it is now). `coupon_id` is the library coupon it
 * came from; `cancelled` once the operator cancelled it, with the text followers see.
 */
export const messageCouponSchema = couponSchema
  .omit({ coupon_img_id: true, created_at: true, coupon_code_image_url: true })
  .extend({
    coupon_id: z.number().int().nullable().describe('The library coupon it was copied from'),
    frozen: z.boolean().describe('A copy taken at reserve time (true), or the library coupon as it is now'),
    cancelled: z.boolean(),
    cancel_text: z.string().describe('What followers see about the cancellation; empty for none'),
  });
export type MessageCouponDto = z.infer<typeof messageCouponSchema>;

export const contentAnswer = {
  layout: z
    .enum(MESSAGE_LAYOUTS)
    .describe('text 1, coupon 2, coupon + text 3, image 4, text + image 5, image + text 6'),
  push_text: z.string(),
  push_tag: z.array(z.number().int()).describe('Tags given to a follower who opens the message'),
  push_coupon_use_tags: z.array(z.number().int()).describe('Tags given to a follower who uses the coupon'),
  detail_title: z.string(),
  detail_text: z.string(),
  link_url: z.string(),
  background_image_url: z.string().describe('The picture (/api/image/…), empty for none'),
  coupon_id: z.number().int().nullable(),
  coupon_title: z.string(),
  coupon_text_summary: z.string(),
  coupon_text_detail: z.string(),
  coupon: messageCouponSchema
    .nullable()
    .describe('null without a coupon, or when the library coupon was deleted'),
  coupon_missing: z
    .boolean()
    .describe('The draft names a library coupon that was deleted: "select the coupon again"'),
};

/** One message as the operator's calls answer it. */
export const messageSchema = z.object({
  message_id: z.number().int(),
  status: z
    .enum({ draft: 0, reserved: 1, sent: 2, finished: 3 })
    .describe('draft 0, reserved 1, sent 2, publish finished 3'),
  send_dt: z.number().int().nullable().describe('Unix seconds; null: at once when reserved'),
  send_list_id: z.number().int().nullable().describe('null: all followers'),
  send_list_name: z.string().nullable().describe('null for all followers, or a list deleted since'),
  send_list_missing: z.boolean().describe('The chosen send list was deleted'),
  ...contentAnswer,
  delivered_count: z
    .number()
    .int()
    .nullable()
    .describe('Followers it reached (sent and finished), else null'),
  capped_count: z
    .number()
    .int()
    .nullable()
    .describe(
      "Followers of its audience the channel's frequency cap left out (sent and finished), else null",
    ),
  sent_at: z.number().nullable().describe('Unix milliseconds of the delivery, null before'),
  created_at: z.number().describe('Unix milliseconds'),
  updated_at: z.number().describe('Unix milliseconds'),
});
export type MessageDto = z.infer<typeof messageSchema>;

/** A message as the list shows it: with its A/B test's state, null for a message without a test. */
export const listedMessageSchema = messageSchema.extend({
  ab_test_state: z
    .enum(AB_STATES)
    .nullable()
    .describe('draft: not sent yet; waiting: the test groups have it; decided: the winner is chosen'),
});
export type ListedMessageDto = z.infer<typeof listedMessageSchema>;

/** GET …/message. */
export const messageListAnswer = z.object({
  messages: z.array(listedMessageSchema),
  total_count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type MessageListAnswer = z.infer<typeof messageListAnswer>;

/** GET …/message/{id}, GET …/message/reserved/{id}, POST …/message, POST …/coupon/cancel/{id}. */
export const messageAnswer = z.object({ message: messageSchema });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** POST …/message/notify: the message as reserved and the followers its list reaches now. */
export const notifyMessageAnswer = z.object({
  message: messageSchema,
  recipient_count: z.number().int().describe('Followers the send list reaches now'),
});
export type NotifyMessageAnswer = z.infer<typeof notifyMessageAnswer>;

/** POST …/message/cancel: the messages, drafts again. */
export const cancelMessagesAnswer = z.object({ messages: z.array(messageSchema) });
export type CancelMessagesAnswer = z.infer<typeof cancelMessagesAnswer>;

// ---------------------------------------------------------------------------------------------
// The follower's side: /api/reader/channel/{channel_code}/messages and /api/reader/inbox

/** The coupon as the follower sees it; the code only once the follower used it. */
export const readerCouponSchema = messageCouponSchema
  .omit({ coupon_id: true, frozen: true, coupon_code_text: true })
  .extend({
    state: z.enum(READER_COUPON_STATES),
    used_count: z.number().int().describe('How often this follower used it'),
    coupon_code_text: z.string().describe('The code, shown once used (empty before, and for code type none)'),
    used_at: z
      .number()
      .nullable()
      .describe('Unix milliseconds of the use (the last one of an unlimited coupon); null before'),
  });
export type ReaderCouponDto = z.infer<typeof readerCouponSchema>;

export const inboxItemSchema = z.object({
  item_key: z.string().describe('message-{id} or welcome-{id}'),
  kind: z.enum(INBOX_KINDS),
  channel_code: z.string(),
  channel_name: z.string(),
  channel_icon_url: z.string().nullable(),
  layout: z.enum(MESSAGE_LAYOUTS),
  push_text: z.string(),
  detail_title: z.string(),
  detail_text: z.string(),
  link_url: z.string(),
  background_image_url: z.string(),
  coupon_title: z.string(),
  coupon_text_summary: z.string(),
  coupon_text_detail: z.string(),
  coupon: readerCouponSchema.nullable(),
  delivered_at: z.number().describe('Unix milliseconds'),
  opened: z.boolean(),
});
export type InboxItemDto = z.infer<typeof inboxItemSchema>;

/** GET …/messages?page= (one channel) and GET /api/reader/inbox?page= (every channel followed). */
export const inboxQuery = z.object({ page: pageField });
export const inboxAnswer = z.object({
  items: z.array(inboxItemSchema),
  total_count: z.number().int(),
  unread_count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type InboxAnswer = z.infer<typeof inboxAnswer>;

/** GET …/messages/{item_key}, POST …/messages/{item_key}/open and …/coupon. */
export const inboxItemAnswer = z.object({ item: inboxItemSchema });
export type InboxItemAnswer = z.infer<typeof inboxItemAnswer>;

/** POST …/open: `via=push` when a push notification's click opened it (counted as opened via push). */
export const inboxOpenQuery = z.object({
  via: z.enum(['inbox', 'push'], { error: 'validation.invalid' }).optional(),
});

export const inboxItemParams = z.object({
  channel_code: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'validation.invalid' }),
  item_key: z.string().regex(/^(message|welcome)-[1-9]\d{0,9}$/, { error: 'validation.invalid' }),
});
