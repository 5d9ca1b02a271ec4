import { channelPath } from '@qrqr/shared/channel-paths';
import type { CancelMessagesAnswer } from '@qrqr/shared/message-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

/** POST …/message/cancel: reserved messages become drafts again (there is no cancelled status). */
export async function cancelMessages(channelId: number, ids: number[]): Promise<number> {
  const res = await apiPost<CancelMessagesAnswer>(channelPath.messageCancel(channelId), { message_ids: ids });
  return res.messages.length;
}

export function useCancelMessages(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => cancelMessages(channelId, ids),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: channelKeys.messages(channelId) }),
        queryClient.invalidateQueries({ queryKey: channelKeys.sendlists(channelId) }),
      ]),
  });
}
