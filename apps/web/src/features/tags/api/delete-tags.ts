import { channelPath } from '@qrqr/shared/channel-paths';
import type { DeletedCountAnswer } from '@qrqr/shared/tag-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export function deleteTags(channelId: number, tagIds: number[]): Promise<DeletedCountAnswer> {
  return apiDelete(channelPath.tags(channelId), { tag_ids: tagIds });
}

/** Deletes several tags at once; a tag a send list uses fails the whole call with E-710. */
export function useDeleteTags(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tagIds: number[]) => deleteTags(channelId, tagIds),
    // Followers lose deleted tags too: their lists are refetched.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: channelKeys.tags(channelId) }),
        queryClient.invalidateQueries({ queryKey: channelKeys.followers(channelId) }),
      ]),
  });
}
