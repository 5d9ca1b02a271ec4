/**
 * When a message's pushes go out under the channel's quiet hours (the server's rule in
 * modules/push/rules.ts: times in Japan, start after end spans midnight; the inbox is filled at
 * once either way). Japan has no daylight saving time, so UTC+9 all year.
 */
const MINUTE = 60_000;
const DAY_MINUTES = 1440;
const TOKYO_OFFSET_MINUTES = 9 * 60;

export interface QuietHoursSetting {
  quiet_hours: number;
  quiet_start: string;
  quiet_end: string;
}

const minutesOf = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};

/** The moment (Unix ms) the pushes of a message sent at `sendAt` go out, or null when at once. */
export function pushesGoOutAt(setting: QuietHoursSetting, sendAt: number): number | null {
  const start = minutesOf(setting.quiet_start);
  const end = minutesOf(setting.quiet_end);
  if (!setting.quiet_hours || start === end) return null;
  const minuteStart = Math.floor(sendAt / MINUTE) * MINUTE;
  const minute = (Math.floor(sendAt / MINUTE) + TOKYO_OFFSET_MINUTES) % DAY_MINUTES;
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  return minuteStart + ((end - minute + DAY_MINUTES) % DAY_MINUTES) * MINUTE;
}
