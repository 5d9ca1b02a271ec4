import { WELCOME_STATUSES } from '@qrqr/shared/welcome-message-constants';
import type { SaveWelcomeMessageBody, WelcomeMessageDto } from '@qrqr/shared/welcome-message-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { dropCopies } from '../coupons/lookup';
import { secondsToMs } from './api-times';
import { checkMessageRefs } from './check-refs';
import { contentColumns } from './content';
import { findRow, insertRow, updateRowIn } from './item-rows';
import { welcomeView } from './welcome-views';

/**
 * POST …/welcomemessage: saves one (the draft rule; title 20, text 400). A new one, or
 * `message_id` while it is not on (E-730: stop it first); a stopped one saved is a draft again and
 * loses its frozen coupon. Tags, the picture and the coupon must be the channel's (E-400, E-733).
 */
export async function saveWelcome(
  ctx: AppContext,
  input: { channel: ChannelRow; body: SaveWelcomeMessageBody },
): Promise<WelcomeMessageDto> {
  const { body } = input;
  const channelId = input.channel.id;
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    await checkMessageRefs(
      ctx,
      {
        channelId,
        pushTags: body.push_tag,
        couponUseTags: body.push_coupon_use_tags,
        couponId: body.coupon_id,
        imageUrl: body.background_image_url,
      },
      trx,
    );
    const now = Date.now();
    const values = { send_end_at: secondsToMs(body.send_end_dt), ...contentColumns(body, now) };
    if (body.message_id === undefined)
      return insertRow(
        ctx.db,
        'welcome_messages',
        { channel_id: channelId, status: WELCOME_STATUSES.draft, created_at: now, ...values },
        trx,
      );
    const before = await findRow(ctx.db, 'welcome_messages', channelId, body.message_id, trx);
    if (!before) throw new AppError('E-404');
    const saved = await updateRowIn(
      ctx.db,
      'welcome_messages',
      channelId,
      body.message_id,
      [WELCOME_STATUSES.draft, WELCOME_STATUSES.stopped],
      { ...values, status: WELCOME_STATUSES.draft, coupon_copy_id: null },
      trx,
    );
    if (!saved) throw new AppError('E-730');
    if (before.coupon_copy_id !== null)
      await dropCopies(ctx, channelId, [Number(before.coupon_copy_id)], trx);
    return saved;
  });
  return welcomeView(ctx, channelId, row);
}
