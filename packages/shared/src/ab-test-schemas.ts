import { z } from 'zod';
import {
  AB_DECISIONS,
  AB_FALLBACKS,
  AB_METRICS,
  AB_STATES,
  AB_TEST,
  type AbMetric,
  VARIANT_LETTERS,
} from './ab-test-constants';
import { channelAnalyticsQuery } from './channel-analytics-schemas';
import { numberish, numberOrEmpty } from './form-number';
import { idNumber } from './id-schemas';
import { layoutHas } from './message-constants';
import {
  contentAnswer,
  forLayout,
  messageContentShape,
  messageSchema,
  saveMessageFields,
} from './message-schemas';
import { positiveId } from './tag-schemas';

/**
 * A/B tests of messages: the test a message save carries, the message answer with it, the live
 * group sizes, the operator's pick and the test's figures. Limits and the z-test in
 * ab-test-constants.ts.
 */

const wholeIn = (min: number, max: number, error: string) =>
  numberish(z.number({ error }).int({ error }).min(min, { error }).max(max, { error })) as z.ZodType<
    number,
    unknown
  >;

const shareField = wholeIn(AB_TEST.shareMin, AB_TEST.shareMax, 'validation.ab_share_range');

/** One more variant's content (B, C, D): every field of a message's content, its layout's only. */
export const variantContentBody = z.object(messageContentShape).transform(forLayout);

/** The test a message carries: variant A is the message's own content, `variants` the others. */
export const abTestBody = z.object({
  share_percent: shareField,
  metric: z.enum(AB_METRICS, { error: 'validation.ab_metric' }),
  wait_hours: wholeIn(AB_TEST.waitHoursMin, AB_TEST.waitHoursMax, 'validation.ab_wait_range'),
  fallback: z.enum(AB_FALLBACKS, { error: 'validation.ab_fallback' }),
  variants: z
    .array(variantContentBody, { error: 'validation.ab_variants_count' })
    .min(AB_TEST.variantsMin - 1, { error: 'validation.ab_variants_count' })
    .max(AB_TEST.variantsMax - 1, { error: 'validation.ab_variants_count' }),
});
export type AbTestBody = z.output<typeof abTestBody>;

/**
 * POST …/message with an optional `ab_test` (null or left out: none; saving without it removes a
 * draft's test). The coupon-use metric needs a coupon in every variant.
 */
export const saveMessageWithTestBody = saveMessageFields
  .extend({ ab_test: abTestBody.nullable().optional().default(null) })
  .transform(forLayout)
  .superRefine((body, ctx) => {
    if (body.ab_test && !metricFits(body.ab_test.metric, [body, ...body.ab_test.variants]))
      ctx.addIssue({ code: 'custom', path: ['ab_test', 'metric'], message: 'validation.ab_metric_coupon' });
  });
export type SaveMessageWithTestBody = z.output<typeof saveMessageWithTestBody>;

/** Whether the metric can judge these variants: coupon use only when each carries a coupon. */
export function metricFits(metric: AbMetric, variants: ReadonlyArray<{ layout: number }>): boolean {
  return metric !== 'coupon' || variants.every((v) => layoutHas(v.layout, 'coupon'));
}

const letter = z.enum(VARIANT_LETTERS);

/** A test as the editor reads it back. */
export const abTestSchema = z.object({
  share_percent: z.number().int(),
  metric: z.enum(AB_METRICS),
  wait_hours: z.number().int(),
  fallback: z.enum(AB_FALLBACKS),
  variants: z
    .array(z.object({ variant: letter, ...contentAnswer }))
    .describe('Variants B, C, D (A is the message itself)'),
  state: z
    .enum(AB_STATES)
    .describe('draft: not sent; waiting: the test groups have it; decided: the winner is chosen'),
  group_size: z.number().int().nullable().describe('Followers in each group, once sent'),
  decide_at: z.number().nullable().describe('Unix milliseconds the winner is picked, once sent'),
  decided_at: z.number().nullable(),
  winner: letter.nullable().describe('null before the decision, and when nothing was sent'),
  decided_by: z.enum(AB_DECISIONS).nullable(),
  winner_message_id: z.number().int().nullable().describe("The winner's send to the rest"),
});
export type AbTestDto = z.infer<typeof abTestSchema>;

/** POST …/message and GET …/message/{id}: the message, and its test when it has one. */
export const messageWithTestAnswer = z.object({
  message: messageSchema,
  ab_test: abTestSchema.optional().describe('Only for a message with an A/B test'),
});
export type MessageWithTestAnswer = z.infer<typeof messageWithTestAnswer>;

/** GET …/message/abtest/groups: each group's size if the message were sent now. */
export const abGroupsQuery = z.object({
  send_list_id: z.preprocess(numberOrEmpty(null), idNumber('validation.message_sendlist_invalid').nullable()),
  share_percent: shareField,
  variants: wholeIn(AB_TEST.variantsMin, AB_TEST.variantsMax, 'validation.ab_variants_count'),
});
export const abGroupsAnswer = z.object({
  audience: z.number().int().describe('Followers the send list reaches now'),
  group_size: z.number().int(),
  groups: z.number().int(),
  rest: z.number().int().describe('Followers who get the winner'),
  group_min: z.number().int().describe('The smallest group a test may have'),
});
export type AbGroupsAnswer = z.infer<typeof abGroupsAnswer>;

/** GET …/message/abtest?range[&from&to]: the range tabs of channel analytics. */
export const abTestListQuery = channelAnalyticsQuery;

/**
 * GET …/message/abtest: the channel's sent tests (waiting or decided) that ran in the range's days
 * (sent by its last day, not decided before its first), newest first.
 */
export const abTestListAnswer = z.object({
  tests: z
    .array(
      z.object({
        message_id: z.number().int(),
        push_text: z.string(),
        sent_at: z.number().nullable(),
        state: z.enum(['waiting', 'decided']),
      }),
    )
    .describe(`At most ${AB_TEST.listMax}`),
  truncated: z
    .boolean()
    .describe(`More than ${AB_TEST.listMax} tests ran in the range: the newest are listed`),
});
export type AbTestListAnswer = z.infer<typeof abTestListAnswer>;
export type AbTestListQuery = z.infer<typeof abTestListQuery>;

/** POST …/message/abtest/winner. */
export const abWinnerBody = z.object({
  message_id: positiveId('validation.invalid'),
  variant: z.enum(VARIANT_LETTERS, { error: 'validation.ab_variant' }),
});

const rate = z.number().nullable().describe('0–1; null with no delivery');

/** One variant's figures: its deliveries, the capped, opens and coupon users. */
export const abVariantFigures = z.object({
  variant: letter,
  message_id: z.number().int(),
  push_text: z.string(),
  group_size: z.number().int(),
  delivered: z.number().int(),
  capped: z.number().int(),
  opened: z.number().int(),
  coupon_used: z.number().int().describe('Followers who used its coupon'),
  open_rate: rate,
  coupon_rate: rate.describe('Coupon users per delivery'),
});

/** The z-test between the best and the runner-up, as stored at the decision. */
export const abVerdictSchema = z.object({
  metric: z.enum(AB_METRICS),
  best: letter,
  runner_up: letter,
  z: z.number(),
  p: z.number(),
  significant: z.boolean().describe('The best is clearly better at 95 % (two-proportion z-test)'),
});
export type AbVerdict = z.infer<typeof abVerdictSchema>;

/** GET …/message/abtest/{id}: the test, each variant's figures, the verdict and the winner's send. */
export const abTestReportAnswer = z.object({
  ab_test: abTestSchema,
  variants: z.array(abVariantFigures),
  verdict: abVerdictSchema
    .nullable()
    .describe(
      'null before the decision, or with fewer than two variants delivered (kept for a pick by hand too)',
    ),
  winner_send: z
    .object({
      message_id: z.number().int(),
      status: z.number().int(),
      delivered: z.number().int(),
      capped: z.number().int(),
      opened: z.number().int(),
      coupon_used: z.number().int(),
      sent_at: z.number().nullable(),
    })
    .nullable(),
});
export type AbTestReportAnswer = z.infer<typeof abTestReportAnswer>;
