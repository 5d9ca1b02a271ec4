import { channelPath } from '@qrqr/shared/channel-paths';
import type { SendlistDto } from '@qrqr/shared/sendlist-schemas';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export async function getSendlists(channelId: number): Promise<SendlistDto[]> {
  const res = await apiGet<{ sendlist: SendlistDto[] }>(channelPath.sendlists(channelId));
  return res.sendlist;
}

export function sendlistsQueryOptions(channelId: number) {
  return queryOptions({
    // A save or delete invalidates channelKeys.sendlists: lists, one list, counts.
    queryKey: [...channelKeys.sendlists(channelId), 'list'],
    queryFn: () => getSendlists(channelId),
  });
}

export function useSendlists(channelId: number) {
  return useQuery(sendlistsQueryOptions(channelId));
}
