import { ANALYTICS_OS, ANALYTICS_SOURCES, type AnalyticsOs } from '@qrqr/shared/analytics-constants';
import type { AnalyticsGraph, AnalyticsGraphQuery } from '@qrqr/shared/analytics-schemas';
import type { Db } from '../../db/client';
import type { QrCodeRow } from '../../db/schema';
import { eachDay, rangeDays } from './days';
import { counted, dayRows, dimTotals } from './queries';

const byReads = <T extends { reads: number }>(a: T & { key: string }, b: T & { key: string }) =>
  b.reads - a.reads || a.key.localeCompare(b.key);

/**
 * The graph of one code over a range tab: every day of it (zeros included), countries, prefectures
 * and OS classes with most reads first, and the range's totals, all counted for the chosen source.
 */
export async function graphOf(
  db: Db,
  code: QrCodeRow,
  query: AnalyticsGraphQuery,
  now = Date.now(),
): Promise<AnalyticsGraph> {
  const { from, to } = rangeDays(query.range, query, code.created_at, now);
  const source = query.type;
  const [rows, dims] = await Promise.all([dayRows(db, code.id, from, to), dimTotals(db, code.id, from, to)]);

  const byDay = new Map(rows.map((r) => [r.day, r]));
  const totals = { official: 0, other: 0, uniques: 0 };
  const days = eachDay(from, to).map((day) => {
    const r = byDay.get(day);
    if (!r) return { day, official: 0, other: 0, uniques: 0 };
    const reads = counted(source, r.official, r.other);
    const uniques =
      (source === ANALYTICS_SOURCES.other ? 0 : r.uniques_official) +
      (source === ANALYTICS_SOURCES.official ? 0 : r.uniques_other);
    totals.official += reads.official;
    totals.other += reads.other;
    totals.uniques += uniques;
    return { day, ...reads, uniques };
  });

  const ranked = (dim: 'c' | 'p' | 'o') =>
    dims
      .filter((d) => d.dim === dim)
      .map((d) => {
        const reads = counted(source, d.official, d.other);
        return { key: d.value, reads: reads.official + reads.other };
      })
      .filter((d) => d.reads > 0)
      .sort(byReads);

  return {
    from,
    to,
    days,
    countries: ranked('c').map((d) => ({ country: d.key, reads: d.reads })),
    prefectures: ranked('p').map((d) => ({ prefecture: d.key, reads: d.reads })),
    os: ranked('o')
      .filter((d) => (ANALYTICS_OS as readonly string[]).includes(d.key))
      .map((d) => ({ os: d.key as AnalyticsOs, reads: d.reads })),
    totals,
  };
}
