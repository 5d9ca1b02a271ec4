import { type AnalyticsOs, UNKNOWN_COUNTRY } from '@qrqr/shared/analytics-constants';

/** One read as the flush has resolved it: no address left, only what the rollups count. */
export interface ResolvedRead {
  qrId: string;
  /** Asia/Tokyo day. */
  day: string;
  source: 1 | 2;
  /** The day's keyed hash of the visitor (or of the reader's device). */
  visitor: string;
  country: string;
  prefecture: string | undefined;
  os: AnalyticsOs;
}

export interface DayDelta {
  qr_id: string;
  day: string;
  official: number;
  other: number;
}

export interface DimDelta extends DayDelta {
  dim: 'c' | 'p' | 'o';
  value: string;
}

export interface VisitorRow {
  qr_id: string;
  day: string;
  visitor: string;
  source: number;
}

/** What one flush adds: counts per code and day, per dimension value, the day's visitors, totals per code. */
export interface RollupBatch {
  days: Map<string, DayDelta>;
  dims: Map<string, DimDelta>;
  visitors: Map<string, VisitorRow>;
  perCode: Map<string, number>;
  reads: number;
}

const PREFECTURE = /^(0[1-9]|[1-3]\d|4[0-7])$/;

/**
 * Folds reads into the deltas the flush writes: a thousand reads of one code by one person make
 * one day row, one row per dimension value and one visitor row, so the write does not grow with
 * the reads.
 */
export function foldReads(reads: Iterable<ResolvedRead>): RollupBatch {
  const batch: RollupBatch = {
    days: new Map(),
    dims: new Map(),
    visitors: new Map(),
    perCode: new Map(),
    reads: 0,
  };
  for (const r of reads) {
    batch.reads += 1;
    const official = r.source === 1 ? 1 : 0;
    const other = 1 - official;
    const dayKey = `${r.qrId}\t${r.day}`;
    const day = batch.days.get(dayKey);
    if (day) {
      day.official += official;
      day.other += other;
    } else batch.days.set(dayKey, { qr_id: r.qrId, day: r.day, official, other });
    const prefecture = r.prefecture && PREFECTURE.test(r.prefecture) ? r.prefecture : undefined;
    addDim(batch, r, 'c', countryOfRead(r.country, prefecture), official);
    addDim(batch, r, 'o', r.os, official);
    if (prefecture) addDim(batch, r, 'p', prefecture, official);
    const visitorKey = `${dayKey}\t${r.visitor}`;
    if (!batch.visitors.has(visitorKey))
      batch.visitors.set(visitorKey, { qr_id: r.qrId, day: r.day, visitor: r.visitor, source: r.source });
    batch.perCode.set(r.qrId, (batch.perCode.get(r.qrId) ?? 0) + 1);
  }
  return batch;
}

/**
 * A read's country: the address's, else Japan when the reader reported a prefecture (the visitor
 * let us place the read in Japan). Decided here, per read, because the rollups count countries and
 * prefectures apart: afterwards no one can tell which unknown-country reads had a prefecture.
 */
function countryOfRead(ipCountry: string, prefecture: string | undefined): string {
  return ipCountry === UNKNOWN_COUNTRY && prefecture ? 'JP' : ipCountry;
}

function addDim(
  batch: RollupBatch,
  r: ResolvedRead,
  dim: DimDelta['dim'],
  value: string,
  official: number,
): void {
  const key = `${r.qrId}\t${r.day}\t${dim}\t${value}`;
  const row = batch.dims.get(key);
  if (row) {
    row.official += official;
    row.other += 1 - official;
  } else batch.dims.set(key, { qr_id: r.qrId, day: r.day, dim, value, official, other: 1 - official });
}

/** Keeps only the codes that still exist (one may be deleted between its scan and the flush). */
export function keepCodes(batch: RollupBatch, live: Set<string>): RollupBatch {
  const keep = <T extends { qr_id: string }>(m: Map<string, T>) =>
    new Map([...m].filter(([, v]) => live.has(v.qr_id)));
  const perCode = new Map([...batch.perCode].filter(([id]) => live.has(id)));
  let reads = 0;
  for (const n of perCode.values()) reads += n;
  return {
    days: keep(batch.days),
    dims: keep(batch.dims),
    visitors: keep(batch.visitors),
    perCode,
    reads,
  };
}
