import { describe, expect, it } from 'vitest';
import { nextQuietStart, projectPushFinish } from '../../src/modules/messaging/push-finish';
import { combinedRate } from '../../src/modules/messaging/push-rate';

/**
 * The projected finish of a send's pushes: devices ÷ rate from the send time, a send inside the
 * quiet hours starting at their end, and pushes still going when they begin paused until they end.
 */
const MINUTE = 60_000;
/** A moment in Japan (UTC+9) on 2026-11-30 (+ `days`). */
const jst = (hour: number, minute = 0, days = 0) => Date.UTC(2026, 10, 30 + days, hour - 9, minute);
const OFF = { quiet_hours: 0, quiet_start: 1260, quiet_end: 480 };
/** 21:00–08:00, across midnight. */
const NIGHT = { quiet_hours: 1, quiet_start: 21 * 60, quiet_end: 8 * 60 };
/** 12:00–13:00, within a day. */
const LUNCH = { quiet_hours: 1, quiet_start: 12 * 60, quiet_end: 13 * 60 };

describe('the projected finish of a send’s pushes', () => {
  it('is devices ÷ rate after the send time without quiet hours', () => {
    expect(projectPushFinish({ devices: 1200, perSecond: 20, startAt: jst(10), quiet: OFF })).toEqual({
      startsAt: jst(10),
      finishAt: jst(10, 1),
    });
    // Quiet hours set but off, or start equal to end: no effect.
    expect(
      projectPushFinish({
        devices: 1200,
        perSecond: 20,
        startAt: jst(22),
        quiet: { ...NIGHT, quiet_hours: 0 },
      }),
    ).toMatchObject({ finishAt: jst(22, 1) });
    expect(
      projectPushFinish({
        devices: 1200,
        perSecond: 20,
        startAt: jst(22),
        quiet: { quiet_hours: 1, quiet_start: 600, quiet_end: 600 },
      }),
    ).toMatchObject({ finishAt: jst(22, 1) });
  });

  it('answers nothing without a device or without a rate', () => {
    expect(projectPushFinish({ devices: 0, perSecond: 20, startAt: jst(10), quiet: NIGHT })).toBeNull();
    expect(projectPushFinish({ devices: 5, perSecond: 0, startAt: jst(10), quiet: NIGHT })).toBeNull();
  });

  it('starts a send inside quiet hours across midnight at their end, the same night or the next morning', () => {
    // 23:30 → 08:00 the next day; 02:00 → 08:00 that day.
    expect(projectPushFinish({ devices: 600, perSecond: 10, startAt: jst(23, 30), quiet: NIGHT })).toEqual({
      startsAt: jst(8, 0, 1),
      finishAt: jst(8, 1, 1),
    });
    expect(projectPushFinish({ devices: 600, perSecond: 10, startAt: jst(2, 0, 1), quiet: NIGHT })).toEqual({
      startsAt: jst(8, 0, 1),
      finishAt: jst(8, 1, 1),
    });
    // A quiet window within the day: 12:20 → 13:00.
    expect(projectPushFinish({ devices: 60, perSecond: 1, startAt: jst(12, 20), quiet: LUNCH })).toEqual({
      startsAt: jst(13),
      finishAt: jst(13, 1),
    });
  });

  it('pauses pushes still going when the quiet hours begin, and goes on at their end', () => {
    // 20:50 at 1 a second: 600 by 21:00, the other 600 from 08:00 → 08:10 the next day.
    expect(projectPushFinish({ devices: 1200, perSecond: 1, startAt: jst(20, 50), quiet: NIGHT })).toEqual({
      startsAt: jst(20, 50),
      finishAt: jst(8, 10, 1),
    });
    // Exactly filling the window ends at the quiet start, not the next morning.
    expect(
      projectPushFinish({ devices: 600, perSecond: 1, startAt: jst(20, 50), quiet: NIGHT }),
    ).toMatchObject({
      finishAt: jst(21),
    });
    // Over several days: 13 h of pushing a day at 1 a minute (780 a day), 2,000 pushes from 08:00.
    const slow = projectPushFinish({ devices: 2000, perSecond: 1 / 60, startAt: jst(8), quiet: NIGHT });
    expect(slow?.finishAt).toBe(jst(8, 0, 2) + (2000 - 2 * 780) * MINUTE);
  });

  it('finds the next quiet start after a moment, null when off', () => {
    expect(nextQuietStart(NIGHT, jst(20, 59))).toBe(jst(21));
    expect(nextQuietStart(NIGHT, jst(8))).toBe(jst(21));
    expect(nextQuietStart(LUNCH, jst(13, 30))).toBe(jst(12, 0, 1));
    expect(nextQuietStart(OFF, jst(10))).toBeNull();
  });

  it('measures the rate over the time any sweep ran: processes side by side add up', () => {
    const T = 1_000_000;
    // One process: sweeps one after the other, 1,000 pushes in 2 s then 500 in 1 s.
    expect(
      combinedRate([
        { pushes: 1000, elapsedMs: 2000, at: T + 2000 },
        { pushes: 500, elapsedMs: 1000, at: T + 10_000 },
      ]),
    ).toBe(500);
    // Two processes at once, each 1,000 pushes in the same 2 s: 1,000 a second together.
    expect(
      combinedRate([
        { pushes: 1000, elapsedMs: 2000, at: T + 2000 },
        { pushes: 1000, elapsedMs: 2000, at: T + 2000 },
      ]),
    ).toBe(1000);
    // Overlapping by half (0–2 s and 1–3 s): 3 s covered; a span inside another adds no time.
    expect(
      combinedRate([
        { pushes: 900, elapsedMs: 2000, at: T + 3000 },
        { pushes: 600, elapsedMs: 2000, at: T + 2000 },
        { pushes: 300, elapsedMs: 500, at: T + 1500 },
      ]),
    ).toBe(600);
    expect(combinedRate([])).toBeNull();
  });
});
