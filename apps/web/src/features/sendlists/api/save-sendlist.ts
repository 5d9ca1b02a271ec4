import { channelPath } from '@qrqr/shared/channel-paths';
import type { SendlistDto } from '@qrqr/shared/sendlist-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

export interface SaveSendlistInput {
  sendlist_id?: number;
  sendlist_name: string;
  box_filter_1: number;
  tag_list_1: readonly number[];
  box_filter_2: number;
  tag_list_2: readonly number[];
}

export async function saveSendlist(channelId: number, body: SaveSendlistInput): Promise<SendlistDto> {
  const res = await apiPost<{ sendlist: SendlistDto }>(channelPath.sendlists(channelId), body);
  return res.sendlist;
}

export function useSaveSendlist(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveSendlistInput) => saveSendlist(channelId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.sendlists(channelId) }),
  });
}
