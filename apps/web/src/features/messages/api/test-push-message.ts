import { channelPath } from '@qrqr/shared/channel-paths';
import type { SaveMessageInput } from '@qrqr/shared/message-schemas';
import type { MessageTestPushAnswer } from '@qrqr/shared/push-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST …/message/test: the editor's message as it stands (nothing saved) to the operator's own devices. */
export function testPushMessage(channelId: number, body: SaveMessageInput): Promise<MessageTestPushAnswer> {
  return apiPost<MessageTestPushAnswer>(channelPath.messageTestPush(channelId), body);
}

export function useTestPushMessage(channelId: number) {
  return useMutation({ mutationFn: (body: SaveMessageInput) => testPushMessage(channelId, body) });
}
