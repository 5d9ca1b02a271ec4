import { channelPath, type MessageAnswer, type MessageDto } from '@qrqr/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { channelKeys } from '../../channels/api/query-keys';

/** GET …/message/{id}; a reserved one is read through GET …/message/reserved/{id} (read only). */
export async function getMessage(channelId: number, id: number, reserved = false): Promise<MessageDto> {
  const path = reserved ? channelPath.messageReserved(channelId, id) : channelPath.message(channelId, id);
  return (await apiGet<MessageAnswer>(path)).message;
}

/** One message to edit (none asked when `id` is undefined). */
export function useMessage(channelId: number, id: number | undefined, reserved = false) {
  return useQuery({
    queryKey: [...channelKeys.messages(channelId), 'one', id, reserved],
    queryFn: () => getMessage(channelId, id ?? 0, reserved),
    enabled: id !== undefined,
  });
}
