import type { AnalyticsRange, AnalyticsSource } from '@qrqr/shared/analytics-constants';
import type { AnalyticsGraph } from '@qrqr/shared/analytics-schemas';
import { analyticsPath } from '@qrqr/shared/paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { readLogKey } from './get-read-log';

export interface ReadGraphParams {
  type: AnalyticsSource;
  range: AnalyticsRange;
  /** YYYY-MM-DD, only for the custom range. */
  from?: string;
  to?: string;
}

/** Days, regions and OS of one range (GET /analytics/graph/{id}/?type&range[&from&to]). */
export function getReadGraph(id: string, params: ReadGraphParams): Promise<AnalyticsGraph> {
  const custom = params.range === 3;
  return apiGet<AnalyticsGraph>(analyticsPath.graph(id), {
    type: params.type,
    range: params.range,
    from: custom ? params.from : undefined,
    to: custom ? params.to : undefined,
  });
}

export function readGraphQueryOptions(id: string, params: ReadGraphParams) {
  return queryOptions({
    queryKey: [...readLogKey(id), 'graph', params],
    queryFn: () => getReadGraph(id, params),
    // The figures of the previous range stay on screen (dimmed) while the next load.
    placeholderData: keepPreviousData,
    retry: false,
  });
}

export function useReadGraph(id: string, params: ReadGraphParams, enabled = true) {
  return useQuery({ ...readGraphQueryOptions(id, params), enabled });
}
