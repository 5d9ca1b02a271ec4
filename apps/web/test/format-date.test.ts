import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../src/lib/format-date';

describe('formatDateTime and formatDate', () => {
  it('show the Asia/Tokyo wall time Intl gives, whatever the zone it runs in', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const expected = (at: number) => {
      const p = Object.fromEntries(intl.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
    };
    for (let at = Date.UTC(2025, 11, 31, 14, 0); at < Date.UTC(2026, 0, 1, 16, 0); at += 7 * 60_000) {
      expect(formatDateTime(at)).toBe(expected(at));
      expect(formatDate(new Date(at).toISOString())).toBe(expected(at).slice(0, 10));
    }
    expect(formatDateTime('not a date')).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
  });
});
