import { channelPath } from '@qrqr/shared/channel-paths';
import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export async function getFollowLink(channelId: number, tagIds: number[]): Promise<string> {
  const answer = await apiGet<{ url: string }>(channelPath.tagLink(channelId), {
    tag_ids: tagIds.join(','),
  });
  return answer.url;
}

/** Asks the server to sign a follow link for these tags (made on demand, so not a cached query). */
export function useFollowLink(channelId: number) {
  return useMutation({ mutationFn: (tagIds: number[]) => getFollowLink(channelId, tagIds) });
}
