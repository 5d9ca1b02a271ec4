import { api, type ChannelDto } from '@qrqr/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const channelsQueryKey = ['channels'] as const;

export async function getChannels(): Promise<ChannelDto[]> {
  const answer = await apiGet<{ channels: ChannelDto[] }>(api.channels);
  return answer.channels ?? [];
}

/** The member's channels; creating, renaming or deleting one invalidates `channelsQueryKey`. */
export const channelsQueryOptions = queryOptions({ queryKey: channelsQueryKey, queryFn: getChannels });

export function useChannels() {
  return useQuery(channelsQueryOptions);
}
