import { api, type WifiPageListAnswer, type WifiPageStatus } from '@qrqr/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { wifiKeys } from './query-keys';

export interface WifiPageSearch {
  page: number;
  keyword: string;
  status?: WifiPageStatus;
}

/** One page (20) of the member's welcome pages. */
export function useWifiPages(search: WifiPageSearch) {
  return useQuery({
    queryKey: wifiKeys.pages(search),
    queryFn: () => {
      const query = new URLSearchParams({ page: String(search.page) });
      if (search.keyword.trim()) query.set('keyword', search.keyword.trim());
      if (search.status) query.set('status', String(search.status));
      return apiGet<WifiPageListAnswer>(`${api.wifiPages}?${query}`);
    },
    placeholderData: keepPreviousData,
  });
}
