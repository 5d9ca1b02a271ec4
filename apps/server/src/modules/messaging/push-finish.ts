import { type QuietHours, quietUntil } from './push-timing';

const MINUTE = 60_000;
const DAY_MINUTES = 1440;
/** Japan has no daylight saving time: UTC+9 all year. */
const TOKYO_OFFSET_MINUTES = 9 * 60;
/** Enough windows for any audience at any rate: past it the projection gives up (null). */
const MAX_WINDOWS = 1000;

/**
 * When the pushes of a send finish: `devices` pushes at `perSecond`, starting at `startAt` (Unix
 * ms), as the push sweep works them. A push claimed inside the channel's quiet hours waits for their
 * end, so a send inside them starts at the quiet end, and one still pushing when they begin pauses
 * until they end. Null with no device (nothing to finish) or a rate of zero.
 */
export function projectPushFinish(input: {
  devices: number;
  perSecond: number;
  startAt: number;
  quiet: QuietHours;
}): { startsAt: number; finishAt: number } | null {
  const { devices, perSecond, quiet } = input;
  if (devices <= 0 || !(perSecond > 0)) return null;
  const perMs = perSecond / 1000;
  const startsAt = quietUntil(quiet, input.startAt) ?? input.startAt;
  let at = startsAt;
  let left = devices;
  for (let i = 0; i < MAX_WINDOWS; i++) {
    const pause = nextQuietStart(quiet, at);
    if (pause === null || left <= (pause - at) * perMs) return { startsAt, finishAt: at + left / perMs };
    left -= (pause - at) * perMs;
    at = quietUntil(quiet, pause) ?? pause;
  }
  return null;
}

/** The next moment (Unix ms, after `at`) the quiet hours begin, or null when they are off. */
export function nextQuietStart(quiet: QuietHours, at: number): number | null {
  const start = Number(quiet.quiet_start);
  if (!Number(quiet.quiet_hours) || start === Number(quiet.quiet_end)) return null;
  const minuteStart = Math.floor(at / MINUTE) * MINUTE;
  const minute = (Math.floor(at / MINUTE) + TOKYO_OFFSET_MINUTES) % DAY_MINUTES;
  const ahead = (start - minute + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES;
  return minuteStart + ahead * MINUTE;
}
