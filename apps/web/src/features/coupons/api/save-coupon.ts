import { channelPath } from '@qrqr/shared/channel-paths';
import type { CouponDto, CouponFieldsInput } from '@qrqr/shared/coupon-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

/**
 * The coupon's fields and its picture as a data URL (the server sniffs and re-encodes it), with
 * `coupon_img_id` to edit that coupon: then no `image` keeps its picture and '' removes it.
 */
export type SaveCouponInput = CouponFieldsInput & { image?: string; coupon_img_id?: number };

export function useSaveCoupon(channelId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: SaveCouponInput) =>
      (await apiPost<{ coupon: CouponDto }>(channelPath.couponSave(channelId), { coupon_image_data: input }))
        .coupon,
    onSuccess: () => client.invalidateQueries({ queryKey: channelKeys.coupons(channelId) }),
  });
}
