import { z } from 'zod';
import {
  ANALYTICS_LIMITS,
  ANALYTICS_OS,
  ANALYTICS_RANGES,
  ANALYTICS_SOURCES,
  type AnalyticsRange,
  type AnalyticsSource,
  daySpan,
  isCalendarDay,
} from './analytics-constants';
import { numberish } from './form-number';
import { qrCodeSchema } from './qrcode-schemas';

/**
 * The read-log calls (`/analytics/…`): queries and answers. Days are Asia/Tokyo calendar days
 * written YYYY-MM-DD. Messages are keys of messages/, shown by the server and the form alike.
 */

const dayField = z
  .string({ error: 'validation.date_invalid' })
  .trim()
  .refine(isCalendarDay, { error: 'validation.date_invalid' });

/** An empty form field counts as absent. */
export const optionalDay = z
  .literal('')
  .transform(() => undefined)
  .or(dayField.optional());

export const analyticsIdParams = z.object({
  id: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64),
});

/** The custom range rules, shared by the graph (range 3) and the CSV. */
export function checkRange(
  v: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
  required: boolean,
): void {
  if (required && !v.from)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.range_from_required' });
  if (required && !v.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.range_to_required' });
  if (!v.from || !v.to) return;
  if (v.from > v.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.range_order' });
  else if (daySpan(v.from, v.to) > ANALYTICS_LIMITS.spanDaysMax)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.range_too_long' });
}

/** GET /analytics/graph/{id}/?type&range[&from&to]: from and to only (and both) for the custom range. */
export const analyticsGraphQuery = z
  .object({
    type: numberish(
      z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'validation.analytics_source' }),
    )
      .optional()
      .default(ANALYTICS_SOURCES.both) as z.ZodType<AnalyticsSource, unknown>,
    range: numberish(
      z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
        error: 'validation.analytics_range',
      }),
    )
      .optional()
      .default(ANALYTICS_RANGES.today) as z.ZodType<AnalyticsRange, unknown>,
    from: optionalDay,
    to: optionalDay,
  })
  .superRefine((v, ctx) => checkRange(v, ctx, v.range === ANALYTICS_RANGES.custom));
export type AnalyticsGraphQuery = z.infer<typeof analyticsGraphQuery>;

/** GET /analytics/csv/{id}/?from&to: both days required, from ≤ to, at most 366 days. */
export const analyticsCsvQuery = z
  .object({ from: optionalDay, to: optionalDay })
  .superRefine((v, ctx) => checkRange(v, ctx, true)) as z.ZodType<{ from: string; to: string }, unknown>;
export type AnalyticsCsvQuery = { from: string; to: string };

export const analyticsTotalsSchema = z.object({
  official: z.number().int().describe('Reads through our reader (secret codes)'),
  other: z.number().int().describe('Reads through /r/ by any other app'),
  uniques: z.number().int().describe('Sum of daily unique users'),
});
export type AnalyticsTotals = z.infer<typeof analyticsTotalsSchema>;

export const analyticsDaySchema = z.object({
  day: z.string(),
  official: z.number().int(),
  other: z.number().int(),
  uniques: z.number().int(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

/** GET /analytics/data/{id}/: the code as the QR list presents it, its totals and first read. */
export const analyticsDataSchema = z.object({
  qrcode: qrCodeSchema,
  totals: analyticsTotalsSchema,
  first_read_day: z.string().nullable().describe('Asia/Tokyo day of the first read, or null'),
});
export type AnalyticsData = z.infer<typeof analyticsDataSchema>;

/** GET /analytics/graph/{id}/ (besides `status`). */
export const analyticsGraphShape = {
  from: z.string(),
  to: z.string(),
  days: z.array(analyticsDaySchema).describe('Every day of the range, zeros included'),
  countries: z
    .array(
      z.object({ country: z.string().describe("ISO 3166 alpha-2, 'ZZ' unknown"), reads: z.number().int() }),
    )
    .describe('Most reads first'),
  prefectures: z
    .array(z.object({ prefecture: z.string().describe('JIS X 0401 code, 01–47'), reads: z.number().int() }))
    .describe('Most reads first'),
  os: z.array(z.object({ os: z.enum(ANALYTICS_OS), reads: z.number().int() })).describe('Most reads first'),
  totals: analyticsTotalsSchema,
};
export const analyticsGraphSchema = z.object(analyticsGraphShape);
export type AnalyticsGraph = z.infer<typeof analyticsGraphSchema>;
