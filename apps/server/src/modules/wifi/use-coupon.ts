import { COUPON_CODE_TYPES, tokyoDate } from '@qrqr/shared/coupon-constants';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { renderCouponCode } from '../coupons/lookup';
import { releasedPage } from './guest-page';
import { countDay, couponUseOf, insertCouponUse, takeCoupon } from './repository';

const gone = () => new AppError('E-409', { messageKey: 'errors.wifi_coupon_gone' });

/**
 * A guest uses the page's coupon: once per device, and never more than the available count. In
 * one transaction the device's use is recorded (a second use: E-409) and one coupon is taken by a
 * conditional UPDATE (none left: E-409 'no longer available', and the use is rolled back), and
 * the day's coupon uses counted. Answers how many are left (null: unlimited), the moment of the
 * use and the code, which only this device is given.
 */
export async function useCoupon(
  ctx: AppContext,
  input: { code: string; deviceHash: string; now?: number },
): Promise<{ remaining: number | null; used_at: number; coupon_code_text: string }> {
  const now = input.now ?? Date.now();
  const page = await releasedPage(ctx, input.code, now);
  if (!page || page.row.coupon_type === null) throw new AppError('E-404');
  const pageId = Number(page.row.id);
  const remaining = await ctx.db.kysely.transaction().execute(async (trx) => {
    if (
      !(await insertCouponUse(ctx.db, { page_id: pageId, device_hash: input.deviceHash, used_at: now }, trx))
    )
      throw new AppError('E-409', { messageKey: 'errors.wifi_coupon_used' });
    const taken = await takeCoupon(ctx.db, pageId, trx);
    if (!taken) throw gone();
    await countDay(ctx.db, { pageId, day: tokyoDate(now), counter: 'coupon_uses' }, trx);
    return taken.available < 0 ? null : taken.available - taken.used;
  });
  return { remaining, used_at: now, coupon_code_text: page.row.coupon_code_text };
}

/**
 * GET …/coupon/code: the PNG of the page's coupon code (QR or JAN) for the till, drawn by the
 * coupons module's drawer, for the device that used the coupon only; anything else is E-404.
 */
export async function guestCouponCode(
  ctx: AppContext,
  input: { code: string; deviceHash: string | null; signal?: AbortSignal; now?: number },
): Promise<Buffer> {
  const page = await releasedPage(ctx, input.code, input.now ?? Date.now());
  const row = page?.row;
  if (!row || row.coupon_type === null || row.coupon_code_text === '') throw new AppError('E-404');
  const codeType = row.coupon_code_type;
  if (codeType !== COUPON_CODE_TYPES.qr && codeType !== COUPON_CODE_TYPES.jan) throw new AppError('E-404');
  if ((await couponUseOf(ctx.db, Number(row.id), input.deviceHash)) === null) throw new AppError('E-404');
  return renderCouponCode(ctx, { codeType, code: row.coupon_code_text, signal: input.signal });
}
