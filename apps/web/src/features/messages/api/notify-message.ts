import { channelPath } from '@qrqr/shared/channel-paths';
import type { NotifyMessageAnswer } from '@qrqr/shared/message-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

/** POST …/message/notify: reserves a saved draft for its send_dt (past or none: at once). */
export function notifyMessage(channelId: number, messageId: number): Promise<NotifyMessageAnswer> {
  return apiPost<NotifyMessageAnswer>(channelPath.messageNotify(channelId), { message_id: messageId });
}

export function useNotifyMessage(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => notifyMessage(channelId, messageId),
    // Reserving counts against the send list too (sendlists' reserved counts).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: channelKeys.messages(channelId) }),
        queryClient.invalidateQueries({ queryKey: channelKeys.sendlists(channelId) }),
      ]),
  });
}
