import { channelPath } from '@qrqr/shared/channel-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

/** Deletes coupons all or none (E-715 when one is linked to an unsent message). */
export function useDeleteCoupons(channelId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) =>
      apiPost<{ deleted: number }>(channelPath.couponDelete(channelId), { coupon_img_ids: ids }),
    onSettled: () => client.invalidateQueries({ queryKey: channelKeys.coupons(channelId) }),
  });
}
