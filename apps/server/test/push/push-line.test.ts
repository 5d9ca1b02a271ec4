import { describe, expect, it } from 'vitest';
import { type LineGroup, pushesAheadInLine } from '../../src/modules/messaging/push-line';

/**
 * The pushes the sweep sends ahead of a new send: the line worked off at the measured rate, the
 * earliest joined first, each channel's pushes held back while its quiet hours run.
 */
/** A moment in Japan (UTC+9) on 2026-11-30 (+ `days`). */
const jst = (hour: number, minute = 0, days = 0) => Date.UTC(2026, 10, 30 + days, hour - 9, minute);
const OFF = { quiet_hours: 0, quiet_start: 1260, quiet_end: 480 };
/** 21:00–08:00, across midnight. */
const NIGHT = { quiet_hours: 1, quiet_start: 21 * 60, quiet_end: 8 * 60 };

const waiting = (at: number, pushes: number, quiet = OFF): LineGroup => ({ at, pushes, quiet, before: true });
const reserved = (at: number, pushes: number, quiet = OFF): LineGroup => ({
  at,
  pushes,
  quiet,
  before: false,
});

describe('the pushes ahead of a send in the sweep’s line', () => {
  it('is what is left of the line when the send joins it, without quiet hours', () => {
    // 600 waiting, 10 a second: 300 pushed in the 30 s before the send joins.
    expect(
      pushesAheadInLine([waiting(jst(10), 600)], {
        now: jst(10),
        joinAt: jst(10, 0) + 30_000,
        perSecond: 10,
      }),
    ).toBeCloseTo(300, 6);
    // A send reserved a minute on joins the line then; one after the new send does not count.
    const line = [waiting(jst(10), 600), reserved(jst(10, 1), 300), reserved(jst(10, 3), 500)];
    // At 10:02: the 600 were done by 10:01, then 300 joined, all pushed 30 s later.
    expect(pushesAheadInLine(line, { now: jst(10), joinAt: jst(10, 2), perSecond: 10 })).toBeCloseTo(0, 6);
    expect(pushesAheadInLine(line, { now: jst(10), joinAt: jst(10, 1) + 10_000, perSecond: 10 })).toBeCloseTo(
      200,
      6,
    );
  });

  it('counts pushes waiting at the same moment, not a send reserved for it', () => {
    expect(
      pushesAheadInLine([waiting(jst(10), 60)], { now: jst(10), joinAt: jst(10), perSecond: 1 }),
    ).toBeCloseTo(60, 6);
    expect(
      pushesAheadInLine([reserved(jst(10), 60)], { now: jst(9), joinAt: jst(10), perSecond: 1 }),
    ).toBeCloseTo(0, 6);
  });

  it('leaves out the pushes of a channel whose quiet hours begin before the send joins', () => {
    // 1,200 from 20:50 at 1 a second: 600 by 21:00, the rest held until 08:00. A send joining at
    // 21:05 has none of them ahead (the line as one: 300).
    const line = [waiting(jst(20, 50), 1200, NIGHT)];
    expect(pushesAheadInLine(line, { now: jst(20, 50), joinAt: jst(21, 5), perSecond: 1 })).toBeCloseTo(0, 6);
    // Another channel's pushes keep going through them.
    expect(
      pushesAheadInLine([waiting(jst(20, 50), 1200, OFF)], {
        now: jst(20, 50),
        joinAt: jst(21, 5),
        perSecond: 1,
      }),
    ).toBeCloseTo(300, 6);
  });

  it('leaves out the pushes of a channel inside its quiet hours, until they end', () => {
    // Written at 22:00 inside the night's quiet hours, not yet claimed: held until 08:00.
    const line = [waiting(jst(22), 600, NIGHT)];
    expect(pushesAheadInLine(line, { now: jst(22), joinAt: jst(22, 30), perSecond: 1 })).toBeCloseTo(0, 6);
    // From 08:00 they go again: at 08:05, 300 of them are left.
    expect(pushesAheadInLine(line, { now: jst(22), joinAt: jst(8, 5, 1), perSecond: 1 })).toBeCloseTo(300, 6);
  });

  it('leaves out the pushes ahead whose quiet hours begin before the sweep reaches them', () => {
    // A send joins at 20:45 behind 300 left of another channel's 600 (pushed until 20:50) and
    // 1,200 of a channel quiet from 21:00: 600 of those go before 21:00, the rest after the send.
    const line = [waiting(jst(20, 40), 600), waiting(jst(20, 41), 1200, NIGHT)];
    // Behind 7,200 pushed from 20:00 (until 22:00), the quiet channel's 600 are not reached before
    // 21:00 at all: a send joining at 21:10 has only the 3,000 left of the others ahead.
    const long = [waiting(jst(20), 7200), waiting(jst(20, 30), 600, NIGHT)];
    expect(pushesAheadInLine(long, { now: jst(20), joinAt: jst(21, 10), perSecond: 1 })).toBeCloseTo(3000, 6);
    expect(pushesAheadInLine(line, { now: jst(20, 40), joinAt: jst(20, 45), perSecond: 1 })).toBeCloseTo(
      900,
      6,
    );
  });

  it('works a line of many groups without giving up', () => {
    const line = Array.from({ length: 1000 }, (_, i) =>
      (i % 2 ? reserved : waiting)(jst(10) + i * 1000, 100, i % 3 ? OFF : NIGHT),
    );
    const ahead = pushesAheadInLine(line, { now: jst(10), joinAt: jst(10, 30), perSecond: 20 });
    // 100,000 joined over 1,000 s; 1,800 s at 20 a second push 36,000 of them.
    expect(ahead).toBeCloseTo(100_000 - 36_000, 6);
  });
});
