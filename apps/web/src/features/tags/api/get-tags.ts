import { channelPath, type TagDto } from '@qrqr/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Every tag query of a channel starts with this key; saving or deleting a tag invalidates it. */
export const tagsQueryKey = (channelId: number) => ['tags', channelId] as const;

export async function getTags(channelId: number, query = ''): Promise<TagDto[]> {
  const answer = await apiGet<{ tags: TagDto[] }>(channelPath.tags(channelId), {
    query: query || undefined,
  });
  return answer.tags ?? [];
}

export const tagsQueryOptions = (channelId: number, query = '') =>
  queryOptions({
    queryKey: [...tagsQueryKey(channelId), query],
    queryFn: () => getTags(channelId, query),
    // While a search is typed, the last answer stays on screen.
    placeholderData: keepPreviousData,
  });

/** The channel's tags, optionally narrowed to names containing `query`. */
export function useTags(channelId: number, query = '') {
  return useQuery(tagsQueryOptions(channelId, query));
}
