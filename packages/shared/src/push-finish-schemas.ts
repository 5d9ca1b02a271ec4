import { z } from 'zod';
import { AB_TEST } from './ab-test-constants';
import { numberOrEmpty } from './form-number';
import { idNumber } from './id-schemas';
import { unixSecondsOrNull } from './message-schemas';

/**
 * GET …/message/pushfinish: when the push part of a send would finish, asked live by the message
 * editor before the operator reserves (the audience, the A/B test's share, the send time).
 */

const optionalWhole = (min: number, max: number, error: string) =>
  z.preprocess(
    numberOrEmpty(null),
    z.number({ error }).int({ error }).min(min, { error }).max(max, { error }).nullable(),
  ) as z.ZodType<number | null, unknown>;

export const pushFinishQuery = z.object({
  send_list_id: z.preprocess(numberOrEmpty(null), idNumber('validation.message_sendlist_invalid').nullable()),
  send_dt: unixSecondsOrNull.describe('Unix seconds; empty or past: sent now'),
  share_percent: optionalWhole(AB_TEST.shareMin, AB_TEST.shareMax, 'validation.ab_share_range').describe(
    'The A/B test share; empty: no test',
  ),
  variants: optionalWhole(AB_TEST.variantsMin, AB_TEST.variantsMax, 'validation.ab_variants_count'),
});
export type PushFinishQuery = z.input<typeof pushFinishQuery>;

export const pushFinishAnswer = z.object({
  devices: z
    .number()
    .int()
    .describe('Subscribed devices the send pushes to now (the test share only, with a test)'),
  waiting_minutes: z
    .number()
    .int()
    .describe(
      'Minutes of pushing (rounded up) that the pushes of earlier sends, of any channel, still waiting at the send time take first (0: none); how many they are is not said',
    ),
  starts_at: z
    .number()
    .int()
    .nullable()
    .describe('Unix ms the pushes start (after quiet hours and the waiting pushes); null with no device'),
  finish_at: z
    .number()
    .int()
    .nullable()
    .describe('Unix ms the last push is projected to go; null with no device'),
  pushes_per_minute: z.number().int().describe('The rate the projection uses'),
  measured: z.boolean().describe('False while no push sweep has been measured (a default rate)'),
});
export type PushFinishAnswer = z.infer<typeof pushFinishAnswer>;
