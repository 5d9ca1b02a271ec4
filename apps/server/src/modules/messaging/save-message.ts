import type { MessageWithTestAnswer, SaveMessageWithTestBody } from '@qrqr/shared/ab-test-schemas';
import { MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { abTestOf } from './ab-test-view';
import { secondsToMs } from './api-times';
import { checkMessageRefs } from './check-refs';
import { contentColumns } from './content';
import { findRow, insertRow, updateRowIn } from './item-rows';
import { messageView } from './message-views';
import { checkTestGroups, writeTest } from './save-ab-test';

/**
 * POST …/message: saves a draft (a draft needs its push text: the body schema has required it and
 * every limit). A new one, or `message_id` while it is a draft: a reserved or sent message cannot
 * be edited (E-730), another channel's or a missing one is E-404. With `ab_test`, its variants
 * and settings are written with it (save-ab-test.ts), after the groups' size is checked; without,
 * a test it had goes.
 */
export async function saveMessage(
  ctx: AppContext,
  input: { channel: ChannelRow; body: SaveMessageWithTestBody },
): Promise<MessageWithTestAnswer> {
  const { body } = input;
  const channelId = input.channel.id;
  if (body.ab_test)
    await checkTestGroups(ctx, {
      channelId,
      sendlistId: body.send_list_id,
      sharePercent: body.ab_test.share_percent,
      variants: body.ab_test.variants.length + 1,
    });
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
    const saved =
      body.message_id === undefined
        ? await insertRow(
            ctx.db,
            'messages',
            { channel_id: channelId, status: MESSAGE_STATUSES.draft, created_at: now, ...fields },
            trx,
          )
        : await updateRowIn(
            ctx.db,
            'messages',
            channelId,
            body.message_id,
            [MESSAGE_STATUSES.draft],
            fields,
            trx,
          );
    if (saved) {
      await writeTest(ctx, { channelId, messageId: Number(saved.id), test: body.ab_test, now }, trx);
      return saved;
    }
    if (body.message_id !== undefined && (await findRow(ctx.db, 'messages', channelId, body.message_id, trx)))
      throw new AppError('E-730');
    throw new AppError('E-404');
  });
  const [message, abTest] = await Promise.all([
    messageView(ctx, channelId, row),
    abTestOf(ctx, channelId, row),
  ]);
  return abTest ? { message, ab_test: abTest } : { message };
}
