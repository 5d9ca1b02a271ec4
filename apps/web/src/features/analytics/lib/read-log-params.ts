import {
  ANALYTICS_RANGES,
  ANALYTICS_SOURCES,
  type AnalyticsRange,
  type AnalyticsSource,
  isCalendarDay,
} from '@qrqr/shared/analytics-constants';
import { useSearchParams } from '../../../lib/router';
import type { ReadGraphParams } from '../api/get-read-graph';
import { rangeError } from './range-rules';

const RANGES = Object.values(ANALYTICS_RANGES) as number[];
const SOURCES = Object.values(ANALYTICS_SOURCES) as number[];

/**
 * The range tab, source filter and custom days live in the address (`?range=3&from=…&to=…&type=1`),
 * so a reload, the back button and a shared link show the same figures. Week is the default tab.
 */
export function useReadLogParams() {
  const [search, setSearch] = useSearchParams();
  const rangeParam = Number(search.get('range') ?? ANALYTICS_RANGES.week);
  const typeParam = Number(search.get('type') ?? ANALYTICS_SOURCES.both);
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  let range = (RANGES.includes(rangeParam) ? rangeParam : ANALYTICS_RANGES.week) as AnalyticsRange;
  // A custom range without two real days (an edited address) falls back to the week; two days
  // that break a rule stay, so the form says which, and nothing is asked of the server.
  const customReady = isCalendarDay(from) && isCalendarDay(to);
  if (range === ANALYTICS_RANGES.custom && !customReady) range = ANALYTICS_RANGES.week;
  const invalid = range === ANALYTICS_RANGES.custom ? rangeError(from, to) : null;
  const params: ReadGraphParams = {
    range,
    type: (SOURCES.includes(typeParam) ? typeParam : ANALYTICS_SOURCES.both) as AnalyticsSource,
    ...(range === ANALYTICS_RANGES.custom ? { from, to } : {}),
  };

  const update = (next: Partial<ReadGraphParams>) => {
    const merged = { ...params, ...next };
    const out = new URLSearchParams();
    if (merged.range !== ANALYTICS_RANGES.week) out.set('range', String(merged.range));
    if (merged.type !== ANALYTICS_SOURCES.both) out.set('type', String(merged.type));
    if (merged.range === ANALYTICS_RANGES.custom && merged.from && merged.to) {
      out.set('from', merged.from);
      out.set('to', merged.to);
    }
    setSearch(out, { replace: true });
  };
  return { params, update, draftFrom: from, draftTo: to, invalid };
}
