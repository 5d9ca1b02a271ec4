import { MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import type { MessageDto, SaveMessageBody } from '@qrqr/shared/message-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { secondsToMs } from './api-times';
import { checkMessageRefs } from './check-refs';
import { contentColumns } from './content';
import { findRow, insertRow, updateRowIn } from './item-rows';
import { messageView } from './message-views';

/**
 * POST …/message: saves a draft (a draft needs its push text: the body schema has required it and
 * every limit). A new one, or `message_id` while it is a draft: a reserved or sent message cannot
 * be edited (E-730), another channel's or a missing one is E-404.
 */
export async function saveMessage(
  ctx: AppContext,
  input: { channel: ChannelRow; body: SaveMessageBody },
): Promise<MessageDto> {
  const { body } = input;
  const channelId = input.channel.id;
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    await checkMessageRefs(
      ctx,
      {
        channelId,
        pushTags: body.push_tag,
        couponUseTags: body.push_coupon_use_tags,
        sendlistId: body.send_list_id,
        couponId: body.coupon_id,
        imageUrl: body.background_image_url,
      },
      trx,
    );
    const now = Date.now();
    const fields = {
      send_at: secondsToMs(body.send_dt),
      sendlist_id: body.send_list_id,
      ...contentColumns(body, now),
    };
    if (body.message_id === undefined)
      return insertRow(
        ctx.db,
        'messages',
        { channel_id: channelId, status: MESSAGE_STATUSES.draft, created_at: now, ...fields },
        trx,
      );
    const saved = await updateRowIn(
      ctx.db,
      'messages',
      channelId,
      body.message_id,
      [MESSAGE_STATUSES.draft],
      fields,
      trx,
    );
    if (saved) return saved;
    if (await findRow(ctx.db, 'messages', channelId, body.message_id, trx)) throw new AppError('E-730');
    throw new AppError('E-404');
  });
  return messageView(ctx, channelId, row);
}
