import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { freezeCoupon } from '../coupons/lookup';

/**
 * The coupon an item goes out with, frozen at reservation (a message) or at turning on (a welcome
 * message) with one read of the library: gone from the channel's library refuses with E-732, ending
 * before `lastDay` (Japan) with E-734. The caller's transaction rolls the copy back on a refusal.
 */
export async function freezeCouponThrough(
  ctx: AppContext,
  channelId: number,
  couponId: number | null,
  lastDay: string,
  trx: Transaction<Database>,
): Promise<number> {
  const copy = couponId === null ? undefined : await freezeCoupon(ctx, channelId, couponId, trx);
  if (!copy) throw new AppError('E-732');
  if (copy.dateTo < lastDay) throw new AppError('E-734');
  return copy.id;
}
