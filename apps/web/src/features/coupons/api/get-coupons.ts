import { channelPath } from '@qrqr/shared/channel-paths';
import type { CouponState } from '@qrqr/shared/coupon-constants';
import type { CouponDto, CouponListDto } from '@qrqr/shared/coupon-schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { channelKeys } from '../../../lib/channel-keys';

/** What the list asks for: a page, a part of the item name, a state (all when undefined). */
export interface CouponSearch {
  page: number;
  keyword: string;
  state?: CouponState;
}

export const couponsQueryOptions = (channelId: number, search: CouponSearch = { page: 1, keyword: '' }) =>
  queryOptions({
    // A save or delete invalidates channelKeys.coupons: every page and every one coupon.
    queryKey: [...channelKeys.coupons(channelId), 'list', search] as const,
    queryFn: () => {
      const query = new URLSearchParams({ page: String(search.page) });
      if (search.keyword.trim()) query.set('keyword', search.keyword.trim());
      if (search.state) query.set('state', search.state);
      return apiGet<CouponListDto>(`${channelPath.coupons(channelId)}?${query}`);
    },
    // The page shown stays while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });

/** One page of the channel's coupon library; saving and deleting invalidate it. */
export function useCoupons(channelId: number, search?: CouponSearch) {
  return useQuery(couponsQueryOptions(channelId, search));
}

export const couponQueryOptions = (channelId: number, id: number | undefined) =>
  queryOptions({
    queryKey: [...channelKeys.coupons(channelId), 'one', id],
    queryFn: async () => (await apiGet<{ coupon: CouponDto }>(channelPath.coupon(channelId, id ?? 0))).coupon,
    enabled: id !== undefined,
  });

/** One coupon to edit or copy (none asked when `id` is undefined). */
export function useCoupon(channelId: number, id: number | undefined) {
  return useQuery(couponQueryOptions(channelId, id));
}
