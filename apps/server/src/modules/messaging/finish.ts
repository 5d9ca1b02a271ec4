import { tokyoDate } from '@qrqr/shared/coupon-constants';
import { MESSAGE_RETENTION_DAYS } from '@qrqr/shared/message-constants';
import type { AppContext } from '../../platform/core/context';
import { endedCopies } from '../coupons/lookup';
import { finishMessages, sentWithCoupons } from './message-repository';

const DAY_MS = 86_400_000;

/**
 * Sent messages become publish finished (3): one with a coupon when the coupon's last day (Japan)
 * is over, one without MESSAGE_RETENTION_DAYS after it was sent (docs/decisions.md). Hourly.
 */
export async function finishSent(ctx: AppContext, now: number = Date.now()): Promise<number> {
  const withCoupons = await sentWithCoupons(ctx.db);
  const ended = new Set(
    await endedCopies(
      ctx,
      withCoupons.map((m) => Number(m.coupon_copy_id)),
      tokyoDate(now),
    ),
  );
  const ids = withCoupons.filter((m) => ended.has(Number(m.coupon_copy_id))).map((m) => Number(m.id));
  return finishMessages(ctx.db, { before: now - MESSAGE_RETENTION_DAYS * DAY_MS, ids });
}
