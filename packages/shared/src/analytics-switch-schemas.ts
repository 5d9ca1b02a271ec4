import { z } from 'zod';
import { numberFromText } from './form-number';
import { ANALYSIS_TYPES, type AnalysisType } from './qr-constants';

/** The body of POST /qrcode/analyticsUpdate/ (rules in analytics-switch.ts). */

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])], {
    error: 'validation.analytics_flag',
  })
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

const method = z.preprocess(
  numberFromText,
  z.union(
    [z.literal(ANALYSIS_TYPES.none), z.literal(ANALYSIS_TYPES.redirect), z.literal(ANALYSIS_TYPES.secret)],
    { error: 'validation.analysis_type' },
  ),
) as z.ZodType<AnalysisType, unknown>;

/**
 * POST /qrcode/analyticsUpdate/ {id, analytics, analytics_type}: counting on (true) with the
 * code's method, or off. Turning it on needs the method.
 */
export const analyticsUpdateBody = z
  .object({
    id: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(64),
    analytics: flag,
    analytics_type: method.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.analytics && (v.analytics_type === undefined || v.analytics_type === ANALYSIS_TYPES.none))
      ctx.addIssue({ code: 'custom', path: ['analytics_type'], message: 'validation.analysis_type' });
  })
  .transform((v) => ({ ...v, analytics_type: v.analytics_type ?? ANALYSIS_TYPES.none }));
export type AnalyticsUpdateBody = z.output<typeof analyticsUpdateBody>;
