import { type CouponDto, channelPath } from '@qrqr/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export interface CouponLibrary {
  coupons: CouponDto[];
  total_count: number;
  storage_max: number;
}

export const couponsQueryKey = (channelId: number) => ['coupons', channelId] as const;

export const couponsQueryOptions = (channelId: number) =>
  queryOptions({
    queryKey: couponsQueryKey(channelId),
    queryFn: () => apiGet<CouponLibrary>(channelPath.coupons(channelId)),
  });

/** The channel's coupon library; saving and deleting invalidate it. */
export function useCoupons(channelId: number) {
  return useQuery(couponsQueryOptions(channelId));
}
