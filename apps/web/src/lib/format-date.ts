/**
 * Times are stored in UTC and shown in Asia/Tokyo, whatever the browser's zone. Tokyo
 * keeps no daylight saving, so its wall time is UTC + 9 h exactly: arithmetic rather than an
 * `Intl.DateTimeFormat` with a time zone, whose first use loads the zone's data (110 ms of a
 * member screen's start on the phone profile, bench:web-weight's CPU profile).
 */
const TOKYO_OFFSET_MS = 9 * 3_600_000;

/** `yyyy-MM-ddTHH:mm` of the Tokyo wall time, or null for an invalid time. */
function tokyoWallTime(value: number | string | Date): string | null {
  const ms = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(ms)) return null;
  return new Date(ms + TOKYO_OFFSET_MS).toISOString().slice(0, 16);
}

/** `yyyy-MM-dd HH:mm` in Asia/Tokyo (the date display format plus the time); '' for an invalid time. */
export function formatDateTime(value: number | string | Date): string {
  return tokyoWallTime(value)?.replace('T', ' ') ?? '';
}

/** `yyyy-MM-dd` in Asia/Tokyo; '' for an invalid time. */
export function formatDate(value: number | string | Date): string {
  return tokyoWallTime(value)?.slice(0, 10) ?? '';
}
