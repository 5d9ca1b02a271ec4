import { COUPON_LIMITS, COUPONS_PAGE_SIZE, type CouponState, tokyoDate } from '@qrqr/shared/coupon-constants';
import type { CouponListDto } from '@qrqr/shared/coupon-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { presentCoupon } from './present';
import { countCoupons, listCouponRows } from './repository';

/**
 * One page (20 coupons) of the channel's library, newest first, narrowed to a part of the item name
 * and to a state judged on today's date in Japan; with the library's size against its limit.
 */
export async function listCoupons(
  ctx: AppContext,
  input: { channel: ChannelRow; page: number; keyword?: string; state?: CouponState; now?: number },
): Promise<CouponListDto> {
  const { page } = input;
  const channelId = input.channel.id;
  const [{ rows, total }, stored] = await Promise.all([
    listCouponRows(ctx.db, {
      channelId,
      keyword: input.keyword || undefined,
      state: input.state,
      today: tokyoDate(input.now),
      offset: (page - 1) * COUPONS_PAGE_SIZE,
      limit: COUPONS_PAGE_SIZE,
    }),
    countCoupons(ctx.db, channelId),
  ]);
  return {
    coupons: rows.map(presentCoupon),
    total_count: total,
    stored_count: stored,
    storage_max: COUPON_LIMITS.storageMax,
    page,
    page_size: COUPONS_PAGE_SIZE,
  };
}
