import { channelPath } from '@qrqr/shared/channel-paths';
import type { SendlistDto } from '@qrqr/shared/sendlist-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export async function getSendlist(channelId: number, id: number): Promise<SendlistDto> {
  const res = await apiGet<{ sendlist: SendlistDto }>(channelPath.sendlist(channelId, id));
  return res.sendlist;
}

/** One list for the editor; `id` undefined means a new list (nothing to fetch). */
export function useSendlist(channelId: number, id: number | undefined) {
  return useQuery(sendlistQueryOptions(channelId, id));
}

export const sendlistQueryOptions = (channelId: number, id: number | undefined) =>
  queryOptions({
    queryKey: [...channelKeys.sendlists(channelId), 'one', id],
    queryFn: () => getSendlist(channelId, id as number),
    enabled: id !== undefined,
    // The editor copies the list into its form once; a refetch must not overwrite typing.
    staleTime: Number.POSITIVE_INFINITY,
  });
