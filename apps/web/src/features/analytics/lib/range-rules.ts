import { ANALYTICS_LIMITS, daySpan } from '@qrqr/shared/analytics-constants';

export type RangeRule =
  | 'validation.range_from_required'
  | 'validation.range_to_required'
  | 'validation.range_order'
  | 'validation.range_too_long';

export interface RangeProblem {
  field: 'from' | 'to';
  rule: RangeRule;
}

/** The server's custom-range rules with its messages: both days, from ≤ to, at most 366 days. */
export function rangeError(from: string, to: string): RangeProblem | null {
  if (!from) return { field: 'from', rule: 'validation.range_from_required' };
  if (!to) return { field: 'to', rule: 'validation.range_to_required' };
  if (from > to) return { field: 'to', rule: 'validation.range_order' };
  if (daySpan(from, to) > ANALYTICS_LIMITS.spanDaysMax)
    return { field: 'to', rule: 'validation.range_too_long' };
  return null;
}
