import { ANALYTICS_LIMITS, ANALYTICS_RANGES, type AnalyticsRange } from '@qrqr/shared/analytics-constants';
import { tokyoDay } from '../qrcodes/lookup';

/** Calendar arithmetic on Asia/Tokyo days written YYYY-MM-DD (treated as UTC dates: no DST in Japan). */

const DAY_MS = 86_400_000;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The first moment (Unix ms) of an Asia/Tokyo day. */
export function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00+09:00`);
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  return days;
}

/**
 * The first and last day a range tab covers: today; the last 7 or 30 days with today; the custom
 * days; or "all", from the day the code was made.
 */
export function rangeDays(
  range: AnalyticsRange,
  custom: { from?: string | undefined; to?: string | undefined },
  createdAt: number,
  now: number,
): { from: string; to: string } {
  const today = tokyoDay(now);
  switch (range) {
    case ANALYTICS_RANGES.week:
      return { from: addDays(today, 1 - ANALYTICS_LIMITS.weekDays), to: today };
    case ANALYTICS_RANGES.month:
      return { from: addDays(today, 1 - ANALYTICS_LIMITS.monthDays), to: today };
    case ANALYTICS_RANGES.custom:
      // The schema made both days required for this range.
      return { from: custom.from ?? today, to: custom.to ?? today };
    case ANALYTICS_RANGES.all: {
      // A clock set back could put the creation day after today: the range then starts today.
      const created = tokyoDay(createdAt);
      return { from: [created, today].sort()[0] ?? today, to: today };
    }
    default:
      return { from: today, to: today };
  }
}
