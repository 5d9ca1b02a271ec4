import { type WifiPageDto, wifiPath } from '@qrqr/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { wifiKeys } from './query-keys';

/** One page to edit (none asked when `id` is undefined). */
export function useWifiPage(id: number | undefined) {
  return useQuery({
    queryKey: wifiKeys.page(id ?? 0),
    queryFn: async () => (await apiGet<{ welcome_page: WifiPageDto }>(wifiPath.page(id ?? 0))).welcome_page,
    enabled: id !== undefined,
  });
}
