import { api } from '@qrqr/shared/paths';
import type { WifiCodeDto } from '@qrqr/shared/wifi-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { wifiKeys } from './query-keys';

/** The member's Wi-Fi codes (made in the QR manager), each with the page it is linked to. */
export const wifiCodesQueryOptions = () =>
  queryOptions({
    queryKey: wifiKeys.codes(),
    queryFn: async () => (await apiGet<{ wifi: WifiCodeDto[] }>(api.wifiCodes)).wifi,
  });

export function useWifiCodes() {
  return useQuery(wifiCodesQueryOptions());
}
