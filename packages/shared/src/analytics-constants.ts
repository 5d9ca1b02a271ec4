/**
 * The read log's constants and day rules without zod (analytics-schemas.ts has the calls): the
 * server's read writer thread loads only this.
 */

/** The read log's range tabs, plus "all" (from the code's creation day). */
export const ANALYTICS_RANGES = { today: 0, week: 1, month: 2, custom: 3, all: 4 } as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[keyof typeof ANALYTICS_RANGES];

/** `type` of the graph call: which reads count (the analysis types' numbers reused as a source filter). */
export const ANALYTICS_SOURCES = { both: 0, other: 1, official: 2 } as const;
export type AnalyticsSource = (typeof ANALYTICS_SOURCES)[keyof typeof ANALYTICS_SOURCES];

export const ANALYTICS_LIMITS = {
  /** Longest custom range and CSV, in days (a leap year). */
  spanDaysMax: 366,
  /** Days of the "week" and "month" tabs, today included. */
  weekDays: 7,
  monthDays: 30,
} as const;

/** Operating-system classes of the OS chart. */
export const ANALYTICS_OS = ['ios', 'android', 'windows', 'mac', 'linux', 'other'] as const;
export type AnalyticsOs = (typeof ANALYTICS_OS)[number];

/** Country of a read whose address maps to none (ISO 3166 user-assigned code). */
export const UNKNOWN_COUNTRY = 'ZZ';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both included (1 for the same day). */
export function daySpan(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
