import { api } from '@qrqr/shared/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { wifiKeys } from './query-keys';

export function useDeleteWifiPages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiPost<{ deleted_count: number }>(api.wifiPageDelete, { welcome_page_ids: ids }),
    onSuccess: () => client.invalidateQueries({ queryKey: wifiKeys.all }),
  });
}
