import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export async function getChannels(): Promise<ChannelDto[]> {
  const answer = await apiGet<{ channels: ChannelDto[] }>(api.channels);
  return answer.channels ?? [];
}

/** The member's channels; creating, renaming or deleting one invalidates `channelKeys.list`. */
export const channelsQueryOptions = queryOptions({ queryKey: channelKeys.list, queryFn: getChannels });

export function useChannels() {
  return useQuery(channelsQueryOptions);
}
