import { channelPath } from '@qrqr/shared/channel-paths';
import type { SaveTagBody, TagDto } from '@qrqr/shared/tag-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export async function saveTag(channelId: number, body: SaveTagBody): Promise<TagDto> {
  const answer = await apiPost<{ tag: TagDto }>(channelPath.tags(channelId), body);
  return answer.tag;
}

/** Creates a tag, or renames one when `tag_id` is given. */
export function useSaveTag(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveTagBody) => saveTag(channelId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.tags(channelId) }),
  });
}
