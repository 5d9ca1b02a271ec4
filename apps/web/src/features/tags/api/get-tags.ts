import { channelPath } from '@qrqr/shared/channel-paths';
import type { TagDto } from '@qrqr/shared/tag-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export async function getTags(channelId: number, query = ''): Promise<TagDto[]> {
  const answer = await apiGet<{ tags: TagDto[] }>(channelPath.tags(channelId), {
    query: query || undefined,
  });
  return answer.tags ?? [];
}

export const tagsQueryOptions = (channelId: number, query = '') =>
  queryOptions({
    // Saving or deleting a tag invalidates channelKeys.tags: this list and the pickers' choices.
    queryKey: [...channelKeys.tags(channelId), 'list', query],
    queryFn: () => getTags(channelId, query),
    // While a search is typed, the last answer stays on screen.
    placeholderData: keepPreviousData,
  });

/** The channel's tags, optionally narrowed to names containing `query`. */
export function useTags(channelId: number, query = '') {
  return useQuery(tagsQueryOptions(channelId, query));
}
