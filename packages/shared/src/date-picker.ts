/**
 * The date picker's rules: times are Unix seconds, shown and picked in Asia/Tokyo
 * (Japan keeps no daylight saving, so a Tokyo wall time is UTC + 9 h exactly), on
 * 10-minute marks. The web app's picker (components/date-picker.tsx) and the server's checks of
 * send times read these, never a second copy.
 */

/** The picker moves in 10-minute steps. */
export const PICKER_STEP_MINUTES = 10;
const STEP = PICKER_STEP_MINUTES * 60;
/** Asia/Tokyo is UTC + 9 h all year. */
const TOKYO_OFFSET = 9 * 3600;

/** Hours 0–23 and minutes 0–50 in steps of 10, the time view's choices. */
export const PICKER_HOURS: readonly number[] = Array.from({ length: 24 }, (_, h) => h);
export const PICKER_MINUTES: readonly number[] = Array.from(
  { length: 60 / PICKER_STEP_MINUTES },
  (_, i) => i * PICKER_STEP_MINUTES,
);

/** Weeks start on Monday: 1 in the 0 = Sunday numbering of `Date#getDay`. */
export const PICKER_FIRST_DAY_OF_WEEK = 1;

/** Japanese weekday names, Sunday first (the `Date#getDay` order). */
export const JA_WEEKDAYS = ['日', '月', '火', '水', '木', '金', '土'] as const;
const EN_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const EN_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export type PickerLocale = 'ja' | 'en';

/** The first 10-minute mark at or after `unixSeconds` (a time on a mark stays). */
export function roundUpToStep(unixSeconds: number): number {
  return Math.ceil(unixSeconds / STEP) * STEP;
}

/** True when a time falls on a 10-minute mark to the second. */
export function isOnStep(unixSeconds: number): boolean {
  return Number.isInteger(unixSeconds) && unixSeconds % STEP === 0;
}

/**
 * The time a picker opens on: a supplied default is kept when its minutes are a multiple of
 * 10 (seconds dropped: the picker has none), else rounded up to the next mark; without one, now
 * rounded up to the next mark, and for an end date a further 10 minutes.
 */
export function pickerDefault(
  supplied: number | null | undefined,
  options: { now?: number; end?: boolean } = {},
): number {
  if (supplied !== null && supplied !== undefined && Number.isFinite(supplied)) {
    const minuteStart = Math.floor(supplied / 60) * 60;
    return minuteStart % STEP === 0 ? minuteStart : roundUpToStep(supplied);
  }
  const now = options.now ?? Math.floor(Date.now() / 1000);
  return roundUpToStep(now) + (options.end ? STEP : 0);
}

/** A Tokyo wall time: month 1–12, weekday 0 = Sunday. */
export interface TokyoParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
}

export function tokyoParts(unixSeconds: number): TokyoParts {
  const d = new Date((unixSeconds + TOKYO_OFFSET) * 1000);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    weekday: d.getUTCDay(),
  };
}

/** Unix seconds of a Tokyo wall time (a minute off the marks is rounded up to one). */
export function fromTokyoParts(parts: {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}): number {
  const utc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute) / 1000;
  return roundUpToStep(utc - TOKYO_OFFSET);
}

/** Days in a month (1–12) of a year. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A month's calendar as weeks from Monday: each row has 7 cells, a day of the month or null for
 * the days of the months around it.
 */
export function monthWeeks(year: number, month: number): (number | null)[][] {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const lead = (firstWeekday - PICKER_FIRST_DAY_OF_WEEK + 7) % 7;
  const cells: (number | null)[] = Array.from({ length: lead }, () => null);
  const days = daysInMonth(year, month);
  for (let d = 1; d <= days; d++) cells.push(d);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (number | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Weekday names from Monday, as the calendar's header shows them. */
export function weekdayNames(locale: PickerLocale): string[] {
  const names = locale === 'ja' ? JA_WEEKDAYS : EN_WEEKDAYS;
  return [...names.slice(PICKER_FIRST_DAY_OF_WEEK), ...names.slice(0, PICKER_FIRST_DAY_OF_WEEK)];
}

/** A month's name: '11月' in Japanese, 'Nov' in English. */
export function monthName(month: number, locale: PickerLocale): string {
  return locale === 'ja' ? `${month}月` : (EN_MONTHS[month - 1] ?? String(month));
}

const two = (n: number) => String(n).padStart(2, '0');

/** `yyyy-MM-dd` of a Tokyo day. */
export function pickerDay(unixSeconds: number): string {
  const p = tokyoParts(unixSeconds);
  return `${p.year}-${two(p.month)}-${two(p.day)}`;
}

/** `HH:mm` of a Tokyo time. */
export function pickerTime(unixSeconds: number): string {
  const p = tokyoParts(unixSeconds);
  return `${two(p.hour)}:${two(p.minute)}`;
}

/** The field's text: `yyyy-MM-dd (金) 10:30`, the weekday in the interface language. */
export function formatPickerValue(unixSeconds: number, locale: PickerLocale): string {
  const p = tokyoParts(unixSeconds);
  const weekday = (locale === 'ja' ? JA_WEEKDAYS : EN_WEEKDAYS)[p.weekday];
  return `${pickerDay(unixSeconds)} (${weekday}) ${pickerTime(unixSeconds)}`;
}

/** Reads typed `yyyy-MM-dd` (year-month-day) as a Tokyo day, or null when it is none. */
export function parsePickerDay(text: string): { year: number; month: number; day: number } | null {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}
