import { channelPath } from '@qrqr/shared/channel-paths';
import type { MessageAnswer } from '@qrqr/shared/message-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

/** GET …/message/{id}; a reserved one is read through GET …/message/reserved/{id} (read only). */
export function messageQueryOptions(channelId: number, id: number | undefined, reserved = false) {
  const path = reserved
    ? channelPath.messageReserved(channelId, id ?? 0)
    : channelPath.message(channelId, id ?? 0);
  return queryOptions({
    queryKey: [...channelKeys.messages(channelId), 'one', id, reserved],
    queryFn: async () => (await apiGet<MessageAnswer>(path)).message,
    enabled: id !== undefined,
  });
}

/** One message to edit (none asked when `id` is undefined). */
export function useMessage(channelId: number, id: number | undefined, reserved = false) {
  return useQuery(messageQueryOptions(channelId, id, reserved));
}
