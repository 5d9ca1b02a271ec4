import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  daysInMonth,
  formatPickerValue,
  fromTokyoParts,
  isOnStep,
  monthName,
  monthWeeks,
  PICKER_HOURS,
  PICKER_MINUTES,
  parsePickerDay,
  pickerDay,
  pickerDefault,
  roundUpToStep,
  tokyoParts,
  weekdayNames,
} from '../src/date-picker';

// 1970 to 2100, in seconds.
const unix = fc.integer({ min: 0, max: 4_102_444_800 });

describe('date picker rules', () => {
  it('rounds up to the first 10-minute mark at or after a time, never more than 10 minutes on', () => {
    fc.assert(
      fc.property(unix, (t) => {
        const r = roundUpToStep(t);
        expect(isOnStep(r)).toBe(true);
        expect(r).toBeGreaterThanOrEqual(t);
        expect(r - t).toBeLessThan(600);
        expect(tokyoParts(r).minute % 10).toBe(0);
      }),
    );
  });

  it('opens on now rounded up, an end date 10 minutes later', () => {
    fc.assert(
      fc.property(unix, (now) => {
        const start = pickerDefault(null, { now });
        expect(start).toBe(roundUpToStep(now));
        expect(pickerDefault(undefined, { now, end: true })).toBe(start + 600);
      }),
    );
    // 10:03:20 JST → 10:10; exactly 10:10:00 stays.
    const at = Date.UTC(2026, 10, 27, 1, 3, 20) / 1000;
    expect(formatPickerValue(pickerDefault(null, { now: at }), 'ja')).toBe('2026-11-27 (金) 10:10');
    expect(pickerDefault(null, { now: at + 400 })).toBe(at + 400);
  });

  it('keeps a supplied default on a 10-minute mark, else rounds it up', () => {
    fc.assert(
      fc.property(unix, unix, (supplied, now) => {
        const d = pickerDefault(supplied, { now, end: true });
        expect(isOnStep(d)).toBe(true);
        if (Math.floor(supplied / 60) % 10 === 0) expect(d).toBe(Math.floor(supplied / 60) * 60);
        else expect(d).toBe(roundUpToStep(supplied));
      }),
    );
  });

  it('offers hours 0–23 and minutes 0–50 in steps of 10', () => {
    expect(PICKER_HOURS).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(PICKER_MINUTES).toEqual([0, 10, 20, 30, 40, 50]);
  });

  it('turns a Tokyo wall time into Unix seconds and back (Asia/Tokyo, UTC + 9 h)', () => {
    fc.assert(
      fc.property(unix, (t) => {
        const r = roundUpToStep(t);
        expect(fromTokyoParts(tokyoParts(r))).toBe(r);
        const viaIntl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(
          new Date(r * 1000),
        );
        expect(pickerDay(r)).toBe(viaIntl);
      }),
    );
    expect(fromTokyoParts({ year: 2026, month: 1, day: 1, hour: 0, minute: 0 })).toBe(
      Date.UTC(2025, 11, 31, 15) / 1000,
    );
  });

  it('lays a month out in weeks from Monday, every day once and in its weekday column', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1971, max: 2099 }), fc.integer({ min: 1, max: 12 }), (y, m) => {
        const weeks = monthWeeks(y, m);
        const days = weeks.flat().filter((d) => d !== null);
        expect(days).toEqual(Array.from({ length: daysInMonth(y, m) }, (_, i) => i + 1));
        for (const week of weeks) {
          expect(week).toHaveLength(7);
          week.forEach((d, col) => {
            if (d === null) return;
            const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
            expect((weekday + 6) % 7).toBe(col);
          });
        }
      }),
    );
  });

  it('names months and weekdays in Japanese, Monday first, and reads year-month-day', () => {
    expect(weekdayNames('ja')).toEqual(['月', '火', '水', '木', '金', '土', '日']);
    expect(weekdayNames('en')[0]).toBe('Mon');
    expect(monthName(11, 'ja')).toBe('11月');
    expect(parsePickerDay('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parsePickerDay('2027-02-29')).toBeNull();
    expect(parsePickerDay('27/02/2027')).toBeNull();
  });
});
