import type { ChannelImageKind } from '@qrqr/shared/channel-constants';
import { channelPath } from '@qrqr/shared/channel-paths';
import type { ChannelDto, UpdateChannelBody } from '@qrqr/shared/channel-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiDelete, apiPut, apiUpload } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

type Answer = { channel: ChannelDto };

/** Every change answers the whole channel; the layout's channel list is refreshed from it. */
function useChannelChange<V>(call: (vars: V) => Promise<ChannelDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.list }),
  });
}

export function useUpdateChannel(channelId: number) {
  return useChannelChange(
    async (body: UpdateChannelBody) => (await apiPut<Answer>(channelPath.one(channelId), body)).channel,
  );
}

export function useUploadChannelImage(channelId: number) {
  return useChannelChange(async ({ kind, file }: { kind: ChannelImageKind; file: File }) => {
    const form = new FormData();
    form.append('image', file);
    return (await apiUpload<Answer>(channelPath.image(channelId, kind), form)).channel;
  });
}

export function useRemoveChannelImage(channelId: number) {
  return useChannelChange(
    async (kind: ChannelImageKind) => (await apiDelete<Answer>(channelPath.image(channelId, kind))).channel,
  );
}

/** Deleting is immediate and irreversible; the completion dialog leads to the top page. */
export function useDeleteChannel(channelId: number) {
  return useMutation({ mutationFn: () => apiDelete<unknown>(channelPath.one(channelId)) });
}
