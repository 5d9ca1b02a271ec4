import type { WelcomeMessageDto } from '@qrqr/shared/welcome-message-schemas';
import type { AppContext } from '../../platform/core/context';
import { carriedCoupons } from '../coupons/lookup';
import { presentWelcome } from './present-welcome';
import { deliveredCounts, type WelcomeRow } from './welcome-repository';

/** Welcome rows with their coupon (the copy once on, else the library's) and how many devices they reached. */
export async function welcomeViews(
  ctx: AppContext,
  channelId: number,
  rows: WelcomeRow[],
): Promise<WelcomeMessageDto[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const [couponOf, delivered] = await Promise.all([
    carriedCoupons(ctx, channelId, rows),
    deliveredCounts(ctx.db, ids),
  ]);
  return rows.map((row) =>
    presentWelcome(row, { ...couponOf(row), delivered: delivered.get(Number(row.id)) ?? 0 }),
  );
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
