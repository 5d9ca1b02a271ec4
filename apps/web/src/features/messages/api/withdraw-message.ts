import { channelPath } from '@qrqr/shared/channel-paths';
import type { MessageAnswer, MessageDto } from '@qrqr/shared/message-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

/** POST …/message/withdraw: a sent message leaves every inbox and becomes publish finished. */
export async function withdrawMessage(channelId: number, messageId: number): Promise<MessageDto> {
  const res = await apiPost<MessageAnswer>(channelPath.messageWithdraw(channelId), { message_id: messageId });
  return res.message;
}

export function useWithdrawMessage(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageId: number) => withdrawMessage(channelId, messageId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.messages(channelId) }),
  });
}
