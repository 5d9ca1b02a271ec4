import { z } from 'zod';
import { numberFromText } from './form-number';
import { idNumber } from './id-schemas';
import {
  forLayout,
  messageContentShape,
  messageIdList,
  messageSchema,
  unixSecondsOrNull,
} from './message-schemas';
import { positiveId } from './tag-schemas';
import { WELCOME_LIMITS, WELCOME_STATUSES } from './welcome-message-constants';

/**
 * Welcome messages (a message without a send list, with `send_end_dt`; saved, notified, stopped):
 * the one a channel has on reaches each new follower once, until `send_end_dt`.
 */

const chars = (v: string) => Array.from(v).length;

const optionalId = z.preprocess(
  (v) => (v === undefined || v === null || v === '' ? undefined : numberFromText(v)),
  idNumber('validation.invalid').optional(),
) as z.ZodType<number | undefined, unknown>;

/**
 * POST /api/qrchannel/{channel}/welcomemessage: saves one (new, or `message_id` while it is not
 * on). The draft rule of messages, with the welcome title (20) and text (400) limits.
 */
export const saveWelcomeMessageBody = z
  .object({
    message_id: optionalId,
    send_end_dt: unixSecondsOrNull.optional().default(null) as z.ZodType<number | null, unknown>,
    ...messageContentShape,
    detail_title: z
      .string({ error: 'validation.invalid' })
      .refine((v) => chars(v) <= WELCOME_LIMITS.titleMax, { error: 'validation.welcome_title_too_long' })
      .optional()
      .default(''),
    detail_text: z
      .string({ error: 'validation.invalid' })
      .refine((v) => chars(v) <= WELCOME_LIMITS.textMax, { error: 'validation.welcome_text_too_long' })
      .optional()
      .default(''),
  })
  .transform(forLayout);
export type SaveWelcomeMessageBody = z.output<typeof saveWelcomeMessageBody>;
export type SaveWelcomeMessageInput = z.input<typeof saveWelcomeMessageBody>;

/**
 * POST …/welcomemessage/notify: turns it on. While another is on the call answers E-737 naming
 * it, unless `stop_other` is true (the screen asked the operator first): then that one stops.
 */
export const notifyWelcomeBody = z.object({
  message_id: positiveId('validation.invalid'),
  stop_other: z
    .preprocess((v) => v === true || v === 'true' || v === '1' || v === 1, z.boolean())
    .optional()
    .default(false),
});
export type NotifyWelcomeBody = z.output<typeof notifyWelcomeBody>;

/** POST …/welcomemessage/stop: the one to stop. */
export const stopWelcomeBody = z.object({ message_id: positiveId('validation.invalid') });

/** POST …/welcomemessage/delete: several at once (one that is on is stopped by going). */
export const deleteWelcomeBody = z.object({ message_ids: messageIdList });

/** One welcome message as the operator's calls answer it. */
export const welcomeMessageSchema = messageSchema
  .omit({
    status: true,
    send_dt: true,
    send_list_id: true,
    send_list_name: true,
    send_list_missing: true,
    capped_count: true,
    sent_at: true,
  })
  .extend({
    status: z.enum(WELCOME_STATUSES).describe('saved 0, on 1, stopped 2'),
    send_end_dt: z.number().int().nullable().describe('Unix seconds; new followers get it before this'),
    active: z.boolean().describe('On and before send_end_dt: a follow now receives it'),
    delivered_count: z.number().int().describe('Devices it reached'),
  });
export type WelcomeMessageDto = z.infer<typeof welcomeMessageSchema>;

/** GET …/welcomemessage: every welcome message of the channel, newest first. */
export const welcomeMessageListAnswer = z.object({
  messages: z.array(welcomeMessageSchema),
  total_count: z.number().int(),
});
export type WelcomeMessageListAnswer = z.infer<typeof welcomeMessageListAnswer>;

/** GET …/welcomemessage/{id}, POST …/welcomemessage, …/notify, …/stop. */
export const welcomeMessageAnswer = z.object({ message: welcomeMessageSchema });
export type WelcomeMessageAnswer = z.infer<typeof welcomeMessageAnswer>;
