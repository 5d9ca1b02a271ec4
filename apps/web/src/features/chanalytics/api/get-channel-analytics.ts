import { ANALYTICS_RANGES, type AnalyticsRange } from '@qrqr/shared/analytics-constants';
import type { ChannelAnalyticsAnswer } from '@qrqr/shared/channel-analytics-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export interface ChannelAnalyticsParams {
  range: AnalyticsRange;
  from?: string;
  to?: string;
}

/** The address the screen asks, exactly. */
export function channelAnalyticsUrl(channelId: number, params: ChannelAnalyticsParams): string {
  const query = new URLSearchParams({ range: String(params.range) });
  if (params.range === ANALYTICS_RANGES.custom && params.from && params.to) {
    query.set('from', params.from);
    query.set('to', params.to);
  }
  return `${channelPath.analytics(channelId)}?${query}`;
}

/** The channel's figures of a range; the figures shown stay while another range loads. */
export function useChannelAnalytics(channelId: number, params: ChannelAnalyticsParams, enabled = true) {
  return useQuery({ ...channelAnalyticsQueryOptions(channelId, params), enabled });
}

export function channelAnalyticsQueryOptions(channelId: number, params: ChannelAnalyticsParams) {
  const url = channelAnalyticsUrl(channelId, params);
  return queryOptions({
    queryKey: [...channelKeys.all(channelId), 'analytics', params] as const,
    queryFn: () => apiGet<ChannelAnalyticsAnswer>(url),
    placeholderData: keepPreviousData,
  });
}
