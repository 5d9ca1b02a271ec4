import { tokyoDate } from '@qrqr/shared/coupon-constants';
import { layoutHas } from '@qrqr/shared/message-constants';
import { WELCOME_STATUSES } from '@qrqr/shared/welcome-message-constants';
import type { NotifyWelcomeBody, WelcomeMessageDto } from '@qrqr/shared/welcome-message-schemas';
import { isUniqueViolation } from '../../db/dialect';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { freezeCouponThrough } from './freeze-coupon';
import { lockRows, updateRowIn } from './item-rows';
import { findOnRow } from './welcome-repository';
import { welcomeView } from './welcome-views';

/**
 * POST …/welcomemessage/notify: turns a saved or stopped welcome message on. At most one is on per
 * channel: while another is, E-737 names it, unless `stop_other` (the screen asked first), which
 * stops it in the same transaction; the partial unique index settles two at once. Its end must be
 * in the future (E-738); a coupon layout needs its library coupon (E-732) valid through the end
 * day, or today without an end (E-734), and freezes it.
 */
export async function notifyWelcome(
  ctx: AppContext,
  input: { channel: ChannelRow; body: NotifyWelcomeBody },
): Promise<WelcomeMessageDto> {
  const channelId = input.channel.id;
  const id = input.body.message_id;
  try {
    const row = await ctx.db.kysely.transaction().execute(async (trx) => {
      const [welcome] = await lockRows(ctx.db, 'welcome_messages', channelId, [id], trx);
      if (!welcome) throw new AppError('E-404');
      if (welcome.status === WELCOME_STATUSES.on) throw new AppError('E-735');
      const now = Date.now();
      if (welcome.send_end_at !== null && Number(welcome.send_end_at) <= now) throw new AppError('E-738');
      const other = await findOnRow(ctx.db, channelId, trx);
      if (other && !input.body.stop_other)
        throw new AppError('E-737', {
          fields: [{ field: 'message_id', rule: 'errors.welcome_other_on', values: [String(other.id)] }],
        });
      if (other)
        await updateRowIn(
          ctx.db,
          'welcome_messages',
          channelId,
          Number(other.id),
          [WELCOME_STATUSES.on],
          { status: WELCOME_STATUSES.stopped, updated_at: now },
          trx,
        );
      let copyId: number | null = null;
      if (layoutHas(welcome.layout, 'coupon')) {
        const lastDay =
          welcome.send_end_at === null ? tokyoDate(now) : tokyoDate(Number(welcome.send_end_at));
        const couponId = welcome.coupon_id === null ? null : Number(welcome.coupon_id);
        copyId = await freezeCouponThrough(ctx, channelId, couponId, lastDay, trx);
      }
      const on = await updateRowIn(
        ctx.db,
        'welcome_messages',
        channelId,
        id,
        [WELCOME_STATUSES.draft, WELCOME_STATUSES.stopped],
        {
          status: WELCOME_STATUSES.on,
          coupon_copy_id: copyId ?? welcome.coupon_copy_id,
          turned_on_at: now,
          updated_at: now,
        },
        trx,
      );
      if (!on) throw new AppError('E-735');
      return on;
    });
    return welcomeView(ctx, channelId, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('E-737');
    throw error;
  }
}
