import { channelPath } from '@qrqr/shared/channel-paths';
import type { MessageAnswer, MessageDto } from '@qrqr/shared/message-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

/** POST …/coupon/cancel/{message_id}: the sent coupon can no longer be used; followers see the text. */
export async function cancelCoupon(channelId: number, messageId: number, text: string): Promise<MessageDto> {
  const res = await apiPost<MessageAnswer>(channelPath.couponCancel(channelId, messageId), {
    text_description: text,
  });
  return res.message;
}

export function useCancelCoupon(channelId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ messageId, text }: { messageId: number; text: string }) =>
      cancelCoupon(channelId, messageId, text),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelKeys.messages(channelId) }),
  });
}
