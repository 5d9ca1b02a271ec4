import type { CouponDto } from '@qrqr/shared/coupon-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { presentCoupon } from './present';
import { findCouponRow } from './repository';

/**
 * One coupon of the channel, to edit or copy. `id` is null when the path named no id; that, another
 * channel's coupon and a missing one all answer E-404.
 */
export async function getCoupon(
  ctx: AppContext,
  input: { channel: ChannelRow; id: number | null },
): Promise<CouponDto> {
  const row = input.id === null ? undefined : await findCouponRow(ctx.db, input.channel.id, input.id);
  if (!row) throw new AppError('E-404');
  return presentCoupon(row);
}
