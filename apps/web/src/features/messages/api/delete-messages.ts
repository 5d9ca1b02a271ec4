import { channelPath } from '@qrqr/shared/channel-paths';
import type { DeletedCountAnswer } from '@qrqr/shared/tag-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

/** POST …/message/delete: several messages at once. */
export async function deleteMessages(channelId: number, ids: number[]): Promise<number> {
  const res = await apiPost<DeletedCountAnswer>(channelPath.messageDelete(channelId), { message_ids: ids });
  return res.deleted_count;
}

export function useDeleteMessages(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => deleteMessages(channelId, ids),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: channelKeys.messages(channelId) }),
        queryClient.invalidateQueries({ queryKey: channelKeys.sendlists(channelId) }),
      ]),
  });
}
