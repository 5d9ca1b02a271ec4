import { api } from '@qrqr/shared/paths';
import type { SaveWifiPageInput, WifiPageDto } from '@qrqr/shared/wifi-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { wifiKeys } from './query-keys';

/** Creates or rewrites a page (`welcome_page_id`); every Wi-Fi list and page is read again. */
export function useSaveWifiPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveWifiPageInput) =>
      (await apiPost<{ welcome_page: WifiPageDto }>(api.wifiPageSave, input)).welcome_page,
    onSuccess: () => client.invalidateQueries({ queryKey: wifiKeys.all }),
  });
}
