import type { PushOptions } from '../push/lookup';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY_MINUTES = 1440;
/** Japan has no daylight saving time: UTC+9 all year. */
const TOKYO_OFFSET_MINUTES = 9 * 60;

export interface QuietHours {
  quiet_hours: number;
  /** Minutes of the day in Japan. */
  quiet_start: number;
  quiet_end: number;
}

/**
 * When the channel's quiet hours are on and `now` falls inside them, the moment they end (Unix
 * ms); otherwise null (push now). Start after end spans midnight (21:00–08:00).
 */
export function quietUntil(channel: QuietHours, now: number): number | null {
  const start = Number(channel.quiet_start);
  const end = Number(channel.quiet_end);
  if (!Number(channel.quiet_hours) || start === end) return null;
  const minuteStart = Math.floor(now / MINUTE) * MINUTE;
  const minute = (Math.floor(now / MINUTE) + TOKYO_OFFSET_MINUTES) % DAY_MINUTES;
  const inside = start < end ? minute >= start && minute < end : minute >= start || minute < end;
  if (!inside) return null;
  return minuteStart + ((end - minute + DAY_MINUTES) % DAY_MINUTES) * MINUTE;
}

/** The end of a coupon's last day (`YYYY-MM-DD` in Japan), Unix ms. */
export function couponEndsAt(dateTo: string): number {
  const [y, m, d] = dateTo.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + 1) - TOKYO_OFFSET_MINUTES * MINUTE;
}

/**
 * TTL and Urgency of a push: kept until the coupon ends, at most 72 h (24 h without a coupon);
 * high urgency when the coupon ends within 24 h. Null when the coupon has already ended.
 */
export function deliveryTiming(couponEnd: number | null, now: number, topic: string): PushOptions | null {
  if (couponEnd === null) return { ttl: 24 * 3600, urgency: 'normal', topic };
  const left = couponEnd - now;
  if (left <= 0) return null;
  return {
    ttl: Math.min(Math.floor(left / 1000), 72 * 3600),
    urgency: left <= 24 * HOUR ? 'high' : 'normal',
    topic,
  };
}

/** The reader's address of an inbox item, counted as opened via push (`?via=push`). */
export function readerItemUrl(publicUrl: string, channelCode: string, itemKey: string): string {
  const code = encodeURIComponent(channelCode);
  return `${publicUrl}/c/${code}?via=push#message/${code}/${itemKey}`;
}
