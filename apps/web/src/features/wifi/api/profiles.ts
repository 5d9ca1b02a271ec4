import { api } from '@qrqr/shared/paths';
import type { WifiPageDto } from '@qrqr/shared/wifi-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { wifiKeys } from './query-keys';

type ProfileCall =
  | { kind: 'add'; qr_wifi_ids: string[]; release_dt: number }
  | { kind: 'update'; qr_wifi_id: string; release_dt: number }
  | { kind: 'publish'; qr_wifi_ids?: string[] }
  | { kind: 'delete'; qr_wifi_ids: string[] };

const urls = {
  add: api.wifiProfileAdd,
  update: api.wifiProfileUpdate,
  publish: api.wifiProfilePublish,
  delete: api.wifiProfileDelete,
} as const;

/** The profile calls of one page (add with a release date, new date, publish now, remove). */
export function useProfileCall(pageId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, ...body }: ProfileCall) =>
      (await apiPost<{ welcome_page: WifiPageDto }>(urls[kind], { welcome_page_id: pageId, ...body }))
        .welcome_page,
    onSuccess: (page) => {
      client.setQueryData(wifiKeys.page(pageId), page);
      void client.invalidateQueries({ queryKey: wifiKeys.all });
    },
  });
}
