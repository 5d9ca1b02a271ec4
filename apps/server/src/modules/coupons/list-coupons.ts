import { COUPON_LIMITS, type CouponDto } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { presentCoupon } from './present';
import { findCouponRow, listCouponRows } from './repository';

/** The channel's library, newest first, with its size against the storage limit. */
export async function listCoupons(ctx: AppContext, input: { channelId: number }) {
  const rows = await listCouponRows(ctx.db.kysely, input.channelId);
  return {
    coupons: rows.map(presentCoupon),
    total_count: rows.length,
    storage_max: COUPON_LIMITS.storageMax,
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
