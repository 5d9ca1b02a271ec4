import { channelPath } from '@qrqr/shared/channel-paths';
import type { TagFilter } from '@qrqr/shared/tag-filter';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export async function countAudience(channelId: number, filter: TagFilter): Promise<number> {
  const res = await apiPost<{ count: number }>(channelPath.sendlistCount(channelId), filter);
  return res.count;
}

/**
 * The live reach of the boxes being edited. The caller passes a settled (debounced) filter; the
 * last number stays on screen while the next one is counted.
 */
export function useAudienceCount(channelId: number, filter: TagFilter, enabled = true) {
  return useQuery({
    enabled,
    queryKey: [...channelKeys.sendlists(channelId), 'count', filter],
    queryFn: () => countAudience(channelId, filter),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
    // A busy server (E-429, E-503) is asked again on the next edit, not hammered with retries.
    retry: false,
  });
}
