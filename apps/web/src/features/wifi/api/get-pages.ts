import { api } from '@qrqr/shared/paths';
import type { WifiPageStatus } from '@qrqr/shared/wifi-constants';
import type { WifiPageListAnswer } from '@qrqr/shared/wifi-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { wifiKeys } from './query-keys';

export interface WifiPageSearch {
  page: number;
  keyword: string;
  status?: WifiPageStatus;
}

/** What the list shows first: the first page, unfiltered. */
export const FIRST_WIFI_PAGE_SEARCH: WifiPageSearch = { page: 1, keyword: '' };

export function wifiPagesQueryOptions(search: WifiPageSearch) {
  const query = new URLSearchParams({ page: String(search.page) });
  if (search.keyword.trim()) query.set('keyword', search.keyword.trim());
  if (search.status) query.set('status', String(search.status));
  const url = `${api.wifiPages}?${query}`;
  return queryOptions({
    queryKey: wifiKeys.pages(search),
    queryFn: () => apiGet<WifiPageListAnswer>(url),
    placeholderData: keepPreviousData,
  });
}

/** One page (20) of the member's welcome pages. */
export function useWifiPages(search: WifiPageSearch) {
  return useQuery(wifiPagesQueryOptions(search));
}
