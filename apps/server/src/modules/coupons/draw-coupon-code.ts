import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { renderCouponCode } from './code-image';
import { getCoupon } from './get-coupon';

/**
 * The PNG of a saved coupon's code (QR or JAN) for its owner; a coupon whose code is shown as text,
 * or none, answers E-404 like a missing coupon.
 */
export async function drawCouponCode(
  ctx: AppContext,
  input: { channel: ChannelRow; id: number | null; signal?: AbortSignal },
): Promise<Buffer> {
  const coupon = await getCoupon(ctx, input);
  if (!coupon.coupon_code_image_url) throw new AppError('E-404');
  return renderCouponCode(ctx, {
    codeType: coupon.coupon_code_type,
    code: coupon.coupon_code_text,
    signal: input.signal,
  });
}
