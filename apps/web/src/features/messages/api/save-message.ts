import { channelPath } from '@qrqr/shared/channel-paths';
import type { MessageAnswer, MessageDto, SaveMessageInput } from '@qrqr/shared/message-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

/** POST …/message: saves a draft (new, or `message_id` while it is one). */
export async function saveMessage(channelId: number, body: SaveMessageInput): Promise<MessageDto> {
  return (await apiPost<MessageAnswer>(channelPath.messages(channelId), body)).message;
}

export function useSaveMessage(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveMessageInput) => saveMessage(channelId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.messages(channelId) }),
  });
}
