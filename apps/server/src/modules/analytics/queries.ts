import { ANALYTICS_SOURCES, type AnalyticsSource } from '@qrqr/shared/analytics-constants';
import type { AnalyticsTotals } from '@qrqr/shared/analytics-schemas';
import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** Reads of the rollups only (never the raw reads): a query touches one row per day and value. */

export interface DayRow {
  day: string;
  official: number;
  other: number;
  uniques_official: number;
  uniques_other: number;
}

export function dayRows(db: Db, qrId: string, from: string, to: string): Promise<DayRow[]> {
  return db.kysely
    .selectFrom('read_days')
    .select(['day', 'official', 'other', 'uniques_official', 'uniques_other'])
    .where('qr_id', '=', qrId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

export interface DimTotal {
  dim: 'c' | 'p' | 'o';
  value: string;
  official: number;
  other: number;
}

/** Each dimension value's reads over the days, in one grouped query. */
export async function dimTotals(db: Db, qrId: string, from: string, to: string): Promise<DimTotal[]> {
  const rows = await db.kysely
    .selectFrom('read_dims')
    .select((eb) => [
      'dim',
      'value',
      eb.fn.sum<number | string>('official').as('official'),
      eb.fn.sum<number | string>('other').as('other'),
    ])
    .where('qr_id', '=', qrId)
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy(['dim', 'value'])
    .execute();
  // PostgreSQL sums integers as bigint, which arrives as a string.
  return rows.map((r) => ({
    dim: r.dim,
    value: r.value,
    official: Number(r.official),
    other: Number(r.other),
  }));
}

/** All-time figures of a code and the day of its first read. */
export async function lifetime(
  db: Db,
  qrId: string,
): Promise<{ totals: AnalyticsTotals; firstReadDay: string | null }> {
  const row = await db.kysely
    .selectFrom('read_days')
    .select([
      sql<number | string | null>`sum(official)`.as('official'),
      sql<number | string | null>`sum(other)`.as('other'),
      sql<number | string | null>`sum(uniques_official + uniques_other)`.as('uniques'),
      sql<string | null>`min(day)`.as('first'),
    ])
    .where('qr_id', '=', qrId)
    .executeTakeFirst();
  return {
    totals: {
      official: Number(row?.official ?? 0),
      other: Number(row?.other ?? 0),
      uniques: Number(row?.uniques ?? 0),
    },
    firstReadDay: row?.first ?? null,
  };
}

/** The reads a source filter lets through. */
export function counted(
  source: AnalyticsSource,
  official: number,
  other: number,
): { official: number; other: number } {
  return {
    official: source === ANALYTICS_SOURCES.other ? 0 : official,
    other: source === ANALYTICS_SOURCES.official ? 0 : other,
  };
}
