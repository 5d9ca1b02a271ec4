import { wifiPath } from '@qrqr/shared/paths';
import type { WifiPageDto } from '@qrqr/shared/wifi-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { wifiKeys } from './query-keys';

export function wifiPageQueryOptions(id: number | undefined) {
  const url = wifiPath.page(id ?? 0);
  return queryOptions({
    queryKey: wifiKeys.page(id ?? 0),
    queryFn: async () => (await apiGet<{ welcome_page: WifiPageDto }>(url)).welcome_page,
    enabled: id !== undefined,
  });
}

/** One page to edit (none asked when `id` is undefined). */
export function useWifiPage(id: number | undefined) {
  return useQuery(wifiPageQueryOptions(id));
}
