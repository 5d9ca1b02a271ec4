import { describe, expect, it } from 'vitest';
import { KnownVisitors } from '../../src/modules/qrcodes/known-visitors';
import type { VisitorRow } from '../../src/modules/qrcodes/rollup-batch';

const rows = (day: string, n: number, from = 0) =>
  new Map<string, VisitorRow>(
    Array.from({ length: n }, (_, i) => {
      const visitor = `v${from + i}`;
      return [`q\t${day}\t${visitor}`, { qr_id: 'q', day, visitor, source: 2 }];
    }),
  );

describe('KnownVisitors', () => {
  it('leaves out the visitors it was told are stored, and only those', () => {
    const known = new KnownVisitors();
    known.remember(rows('2026-11-23', 3));
    expect([...known.unknown(rows('2026-11-23', 5)).keys()]).toEqual([
      'q\t2026-11-23\tv3',
      'q\t2026-11-23\tv4',
    ]);
    // The same hash on another day is another visitor row.
    expect(known.unknown(rows('2026-11-24', 3)).size).toBe(3);
  });

  it('forgets the days it is no longer asked to keep', () => {
    const known = new KnownVisitors();
    known.remember(rows('2026-11-22', 2));
    known.remember(rows('2026-11-23', 2));
    known.keepDays(['2026-11-23', '2026-11-24']);
    expect(known.unknown(rows('2026-11-22', 2)).size).toBe(2);
    expect(known.unknown(rows('2026-11-23', 2)).size).toBe(0);
  });

  it('stays bounded: past 100,000 visitors it forgets the oldest day first', () => {
    const known = new KnownVisitors();
    known.remember(rows('2026-11-22', 60_000));
    known.remember(rows('2026-11-23', 60_000));
    expect(known.unknown(rows('2026-11-22', 1)).size).toBe(1);
    expect(known.unknown(rows('2026-11-23', 1)).size).toBe(0);
  });
});
