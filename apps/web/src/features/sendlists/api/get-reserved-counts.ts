import { channelPath } from '@qrqr/shared/channel-paths';
import type { SendlistReservedAnswer, SendlistReservedDto } from '@qrqr/shared/sendlist-schemas';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export async function getReservedCounts(channelId: number, ids: number[]): Promise<SendlistReservedDto[]> {
  const res = await apiPost<SendlistReservedAnswer>(channelPath.sendlistReserved(channelId), {
    sendlist_ids: ids,
  });
  return res.reserved;
}

/** How many reserved messages use each list about to be deleted; asked each time the dialog opens. */
export function useReservedCounts(channelId: number, ids: number[], enabled: boolean) {
  return useQuery({
    queryKey: [...channelKeys.sendlists(channelId), 'reserved', ids],
    queryFn: () => getReservedCounts(channelId, ids),
    enabled: enabled && ids.length > 0,
    staleTime: 0,
    gcTime: 0,
  });
}
