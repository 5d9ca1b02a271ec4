import { channelPath } from '@qrqr/shared/channel-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

/** A tag as the tag picker needs it. */
export interface TagChoice {
  tag_id: number;
  tag_name: string;
}

/** The channel's tags for the picker (GET …/tag of the tags module, read only here). */
export async function getChannelTags(channelId: number): Promise<TagChoice[]> {
  const res = await apiGet<{ tags: TagChoice[] }>(channelPath.tags(channelId));
  return res.tags.map((t) => ({ tag_id: t.tag_id, tag_name: t.tag_name }));
}

export const channelTagsQueryOptions = (channelId: number) =>
  queryOptions({
    queryKey: [...channelKeys.tags(channelId), 'choices'],
    queryFn: () => getChannelTags(channelId),
  });

export function useChannelTags(channelId: number) {
  return useQuery(channelTagsQueryOptions(channelId));
}
