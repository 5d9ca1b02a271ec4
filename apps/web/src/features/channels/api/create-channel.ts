import type { ChannelDto, CreateChannelBody } from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export async function createChannel(body: CreateChannelBody): Promise<ChannelDto> {
  const answer = await apiPost<{ channel: ChannelDto }>(api.channels, body);
  return answer.channel;
}

/** Creates a channel; it joins the member's list at once so the layout can open it. */
export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChannel,
    onSuccess: (channel) => {
      queryClient.setQueryData<ChannelDto[]>(channelKeys.list, (list) => [...(list ?? []), channel]);
      return queryClient.invalidateQueries({ queryKey: channelKeys.list });
    },
  });
}
