import { ANALYTICS_RANGES, type AnalyticsRange, isCalendarDay } from '@qrqr/shared/analytics-constants';
import { useSearchParams } from '../../../lib/router';
import { rangeError } from '../../analytics';
import type { ChannelAnalyticsParams } from '../api/get-channel-analytics';

const RANGES = Object.values(ANALYTICS_RANGES) as number[];

/**
 * The range tab and custom days live in the address beside `channel_id` (`?range=3&from&to`), as
 * the read log's do, so a reload and the back button show the same figures. Week by default.
 */
export function useAnalyticsParams() {
  const [search, setSearch] = useSearchParams();
  const rangeParam = Number(search.get('range') ?? ANALYTICS_RANGES.week);
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  let range = (RANGES.includes(rangeParam) ? rangeParam : ANALYTICS_RANGES.week) as AnalyticsRange;
  if (range === ANALYTICS_RANGES.custom && !(isCalendarDay(from) && isCalendarDay(to)))
    range = ANALYTICS_RANGES.week;
  const invalid = range === ANALYTICS_RANGES.custom ? rangeError(from, to) : null;
  const params: ChannelAnalyticsParams = {
    range,
    ...(range === ANALYTICS_RANGES.custom ? { from, to } : {}),
  };
  const update = (next: ChannelAnalyticsParams) => {
    const out = new URLSearchParams(search);
    for (const key of ['range', 'from', 'to']) out.delete(key);
    if (next.range !== ANALYTICS_RANGES.week) out.set('range', String(next.range));
    if (next.range === ANALYTICS_RANGES.custom && next.from && next.to) {
      out.set('from', next.from);
      out.set('to', next.to);
    }
    setSearch(out, { replace: true });
  };
  return { params, update, draftFrom: from, draftTo: to, invalid };
}
