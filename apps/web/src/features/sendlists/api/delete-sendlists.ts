import { channelPath } from '@qrqr/shared/channel-paths';
import type { DeletedCountAnswer } from '@qrqr/shared/tag-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export async function deleteSendlists(channelId: number, ids: number[]): Promise<number> {
  const res = await apiDelete<DeletedCountAnswer>(channelPath.sendlists(channelId), {
    sendlist_ids: ids,
  });
  return res.deleted_count;
}

export function useDeleteSendlists(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => deleteSendlists(channelId, ids),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.sendlists(channelId) }),
  });
}
