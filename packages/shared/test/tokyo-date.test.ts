import { describe, expect, it } from 'vitest';
import { tokyoDate } from '../src/coupon-constants';

describe('tokyoDate', () => {
  it("is the day Intl gives for Asia/Tokyo, at midnight's edges and across a century", () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' });
    const edges = [Date.UTC(2026, 10, 26, 14, 59, 59, 999), Date.UTC(2026, 10, 26, 15, 0, 0, 0), 0];
    let seed = 7;
    const random = () => {
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    const samples = Array.from(
      { length: 2000 },
      () => Date.UTC(2000, 0, 1) + random() * 100 * 365.25 * 86_400_000,
    );
    for (const at of [...edges, ...samples]) expect(tokyoDate(at)).toBe(intl.format(new Date(at)));
  });
});
