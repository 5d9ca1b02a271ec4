import { channelPath } from '@qrqr/shared/channel-paths';
import type { FollowerTagsAnswer } from '@qrqr/shared/follower-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export interface SetFollowerTags {
  follower_ids: number[];
  add_tag_ids?: number[];
  remove_tag_ids?: number[];
}

export function setFollowerTags(channelId: number, body: SetFollowerTags): Promise<FollowerTagsAnswer> {
  return apiPost(channelPath.followerTags(channelId), body);
}

/** Tags or untags one or many followers at once. */
export function useSetFollowerTags(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetFollowerTags) => setFollowerTags(channelId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.followers(channelId) }),
  });
}
