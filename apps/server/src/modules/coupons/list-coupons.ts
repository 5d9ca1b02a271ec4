import {
  COUPON_LIMITS,
  COUPONS_PAGE_SIZE,
  type CouponDto,
  type CouponListDto,
  type CouponState,
  tokyoDate,
} from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { presentCoupon } from './present';
import { countCoupons, findCouponRow, listCouponRows } from './repository';

/**
 * One page of the channel's library (20, §9), newest first, narrowed to a part of the item name
 * and to a state judged on today's date in Japan; with the library's size against its limit.
 */
export async function listCoupons(
  ctx: AppContext,
  input: { channelId: number; page: number; keyword?: string; state?: CouponState; now?: number },
): Promise<CouponListDto> {
  const { channelId, page } = input;
  const [{ rows, total }, stored] = await Promise.all([
    listCouponRows(ctx.db.kysely, {
      channelId,
      keyword: input.keyword || undefined,
      state: input.state,
      today: tokyoDate(input.now),
      offset: (page - 1) * COUPONS_PAGE_SIZE,
      limit: COUPONS_PAGE_SIZE,
    }),
    countCoupons(ctx.db.kysely, channelId),
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

/** One coupon of the channel, or undefined. */
export async function findCoupon(
  ctx: AppContext,
  input: { channelId: number; id: number },
): Promise<CouponDto | undefined> {
  const row = await findCouponRow(ctx.db.kysely, input.channelId, input.id);
  return row && presentCoupon(row);
}
