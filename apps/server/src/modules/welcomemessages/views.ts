import type { MessageCouponDto, WelcomeMessageDto } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { couponCopies, liveCoupons, presentCouponCopy } from '../coupons/lookup';
import { presentWelcome } from './present';
import { deliveredCounts, type WelcomeRow } from './repository';

/** Welcome rows with their coupon (the copy once on, else the library's) and how many devices they reached. */
export async function welcomeViews(
  ctx: AppContext,
  channelId: number,
  rows: WelcomeRow[],
): Promise<WelcomeMessageDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const [copies, live, delivered] = await Promise.all([
    couponCopies(
      ctx,
      rows
        .map((r) => r.coupon_copy_id)
        .filter((v): v is number => v !== null)
        .map(Number),
    ),
    liveCoupons(
      ctx,
      channelId,
      rows.filter((r) => r.coupon_copy_id === null && r.coupon_id !== null).map((r) => Number(r.coupon_id)),
    ),
    deliveredCounts(ctx.db, ids),
  ]);
  return rows.map((row) => {
    let coupon: MessageCouponDto | null = null;
    if (row.coupon_copy_id !== null) {
      const copy = copies.get(Number(row.coupon_copy_id));
      coupon = copy ? presentCouponCopy(copy) : null;
    } else if (row.coupon_id !== null) coupon = live.get(Number(row.coupon_id)) ?? null;
    return presentWelcome(row, {
      coupon,
      couponMissing: row.coupon_id !== null && coupon === null,
      delivered: delivered.get(Number(row.id)) ?? 0,
    });
  });
}

export async function welcomeView(
  ctx: AppContext,
  channelId: number,
  row: WelcomeRow,
): Promise<WelcomeMessageDto> {
  const [view] = await welcomeViews(ctx, channelId, [row]);
  if (!view) throw new Error('welcome view missing');
  return view;
}
