import { z } from 'zod';
import { VARIANT_LETTERS } from './ab-test-constants';
import { ANALYTICS_RANGES, type AnalyticsRange } from './analytics-constants';
import { checkRange, optionalDay } from './analytics-schemas';
import { numberish } from './form-number';
import { wifiCsvQuery } from './wifi-schemas';

/**
 * Channel analytics: per Asia/Tokyo day and per message, read from rollups counted as
 * things happen. Days are written YYYY-MM-DD; rates are fractions (0–1), null when nothing to divide by.
 */

/** GET …/analytics?range[&from&to]: the read log's range tabs (0 today, 1 week, 2 month, 3 custom, 4 all). */
export const channelAnalyticsQuery = z
  .object({
    range: numberish(
      z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
        error: 'validation.analytics_range',
      }),
    )
      .optional()
      .default(ANALYTICS_RANGES.week) as z.ZodType<AnalyticsRange, unknown>,
    from: optionalDay,
    to: optionalDay,
  })
  .superRefine((v, ctx) => checkRange(v, ctx, v.range === ANALYTICS_RANGES.custom));
export type ChannelAnalyticsQuery = z.infer<typeof channelAnalyticsQuery>;

/** GET /qrchannel/{channel_id}/analytics/csv/get/: the end not before the start, as the Wi-Fi CSV. */
export const channelCsvQuery = wifiCsvQuery;

const count = z.number().int();
const rate = z.number().nullable();

export const channelDaySchema = z.object({
  day: z.string(),
  followers: count.describe('Followers at the end of the day'),
  follows: count,
  unfollows: count,
  deliveries: count,
  push_reachable: count,
  push_accepted: count,
  opens_inbox: count,
  opens_push: count,
  coupon_uses: count,
});
export type ChannelDay = z.infer<typeof channelDaySchema>;

/** The part of an A/B test a message is: variant A–D, or (`winner`) the winner's send, a copy of that variant. */
export const messageVariantSchema = z.object({ letter: z.enum(VARIANT_LETTERS), winner: z.boolean() });
export type MessageVariant = z.infer<typeof messageVariantSchema>;

export const messageFunnelSchema = z.object({
  kind: z.enum(['message', 'welcome']),
  id: count,
  /** The notification text; empty when the message was deleted since. */
  title: z.string(),
  deleted: z.boolean(),
  /** Null for a message without a test and for a welcome message. */
  variant: messageVariantSchema.nullable(),
  targeted: count,
  capped: count.describe(
    'Followers of the audience the frequency cap left without it (no delivery; a welcome message: 0)',
  ),
  push_reachable: count,
  push_accepted: count,
  opens_inbox: count,
  opens_push: count,
  opened: count.describe('opens_inbox + opens_push (first opens: one per delivery)'),
  coupon_users: count.describe('Deliveries whose coupon was used at least once'),
  coupon_uses: count,
  push_reachable_rate: rate.describe('push_reachable / targeted'),
  accepted_rate: rate.describe('push_accepted / push_reachable'),
  open_rate: rate.describe('opened / targeted'),
  coupon_rate: rate.describe('coupon_users / opened'),
});
export type MessageFunnel = z.infer<typeof messageFunnelSchema>;

/** GET /api/qrchannel/{id}/analytics: the days of the range (each one, zeros included) and the messages. */
export const channelAnalyticsAnswer = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(channelDaySchema),
  messages: z.array(messageFunnelSchema),
  /** More messages had figures in the range than the table shows (the CSV has as many). */
  messages_truncated: z.boolean(),
});
export type ChannelAnalyticsAnswer = z.infer<typeof channelAnalyticsAnswer>;
