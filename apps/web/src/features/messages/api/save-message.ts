import type { MessageWithTestAnswer } from '@qrqr/shared/ab-test-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import type { MessageDto } from '@qrqr/shared/message-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';
import type { SaveMessageWithTestInput } from '../components/message-form-values';

/** POST …/message: saves a draft (new, or `message_id` while it is one), with its A/B test. */
export async function saveMessage(channelId: number, body: SaveMessageWithTestInput): Promise<MessageDto> {
  return (await apiPost<MessageWithTestAnswer>(channelPath.messages(channelId), body)).message;
}

export function useSaveMessage(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveMessageWithTestInput) => saveMessage(channelId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.messages(channelId) }),
  });
}
