import { channelPath } from '@qrqr/shared/channel-paths';
import type { FollowerListDto } from '@qrqr/shared/follower-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export function getFollowers(channelId: number, page: number, tagIds: number[]): Promise<FollowerListDto> {
  return apiGet<FollowerListDto>(channelPath.followers(channelId), {
    page,
    tag_ids: tagIds.length ? tagIds.join(',') : undefined,
  });
}

export const followersQueryOptions = (channelId: number, page: number, tagIds: number[]) =>
  queryOptions({
    // Tagging (and deleting a tag) invalidates channelKeys.followers.
    queryKey: [...channelKeys.followers(channelId), page, tagIds.join(',')],
    queryFn: () => getFollowers(channelId, page, tagIds),
    placeholderData: keepPreviousData,
  });

/** A page of followers (20), narrowed to those carrying every tag in `tagIds`. */
export function useFollowers(channelId: number, page: number, tagIds: number[]) {
  return useQuery(followersQueryOptions(channelId, page, tagIds));
}
