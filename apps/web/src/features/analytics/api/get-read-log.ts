import type { AnalyticsData } from '@qrqr/shared/analytics-schemas';
import { analyticsPath } from '@qrqr/shared/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Everything about one code's read log lives under this key; a settings change invalidates it. */
export const readLogKey = (id: string) => ['analytics', id] as const;

/** The code and its all-time totals (GET /analytics/data/{id}/). */
export function getReadLog(id: string): Promise<AnalyticsData> {
  return apiGet<AnalyticsData>(analyticsPath.data(id));
}

export function readLogQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...readLogKey(id), 'data'],
    queryFn: () => getReadLog(id),
    // 404 (not this viewer's code) will not change by asking again.
    retry: false,
  });
}

export function useReadLog(id: string) {
  return useQuery(readLogQueryOptions(id));
}
