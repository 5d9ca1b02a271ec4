import { tokyoDate } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { releasedPage } from './guest-page';
import { countDay, insertCouponUse, takeCoupon } from './repository';

const gone = () => new AppError('E-409', { messageKey: 'errors.wifi_coupon_gone' });

/**
 * A guest uses the page's coupon: once per device, and never more than the available count. In
 * one transaction the device's use is recorded (a second use: E-409) and one coupon is taken by a
 * conditional UPDATE (none left: E-409 'no longer available', and the use is rolled back), and
 * the day's coupon uses counted. Answers how many are left (null: unlimited).
 */
export async function useCoupon(
  ctx: AppContext,
  input: { code: string; deviceHash: string; now?: number },
): Promise<{ remaining: number | null }> {
  const now = input.now ?? Date.now();
  const page = await releasedPage(ctx, input.code, now);
  if (!page || page.row.coupon_type === null) throw new AppError('E-404');
  const pageId = Number(page.row.id);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    if (
      !(await insertCouponUse(ctx.db, { page_id: pageId, device_hash: input.deviceHash, used_at: now }, trx))
    )
      throw new AppError('E-409', { messageKey: 'errors.wifi_coupon_used' });
    const taken = await takeCoupon(ctx.db, pageId, trx);
    if (!taken) throw gone();
    await countDay(ctx.db, { pageId, day: tokyoDate(now), counter: 'coupon_uses' }, trx);
    return { remaining: taken.available < 0 ? null : taken.available - taken.used };
  });
}
