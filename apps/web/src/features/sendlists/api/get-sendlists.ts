import { channelPath, type SendlistDto } from '@qrqr/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Every send-list query of a channel lives under this key; a save or delete invalidates it. */
export const sendlistsKey = (channelId: number) => ['channel', channelId, 'sendlists'] as const;

export async function getSendlists(channelId: number): Promise<SendlistDto[]> {
  const res = await apiGet<{ sendlist: SendlistDto[] }>(channelPath.sendlists(channelId));
  return res.sendlist;
}

export function sendlistsQueryOptions(channelId: number) {
  return queryOptions({
    queryKey: [...sendlistsKey(channelId), 'list'],
    queryFn: () => getSendlists(channelId),
  });
}

export function useSendlists(channelId: number) {
  return useQuery(sendlistsQueryOptions(channelId));
}
