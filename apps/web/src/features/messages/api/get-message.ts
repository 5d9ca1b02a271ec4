import type { MessageWithTestAnswer } from '@qrqr/shared/ab-test-schemas';
import { channelPath } from '@qrqr/shared/channel-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

/**
 * GET …/message/{id}: the message and its A/B test when it has one; a reserved one is read through
 * GET …/message/reserved/{id} (read only).
 */
export function messageQueryOptions(channelId: number, id: number | undefined, reserved = false) {
  const path = reserved
    ? channelPath.messageReserved(channelId, id ?? 0)
    : channelPath.message(channelId, id ?? 0);
  return queryOptions({
    queryKey: [...channelKeys.messages(channelId), 'one', id, reserved],
    queryFn: () => apiGet<MessageWithTestAnswer>(path),
    enabled: id !== undefined,
  });
}

/** One message to edit (none asked when `id` is undefined). */
export function useMessage(channelId: number, id: number | undefined, reserved = false) {
  return useQuery(messageQueryOptions(channelId, id, reserved));
}
