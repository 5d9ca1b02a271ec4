import { isSentStatus, MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import type { MessageDto } from '@qrqr/shared/message-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { deleteMessageDeliveries } from './inbox-repository';
import { lockRows, updateRowIn } from './item-rows';
import { messageViews } from './message-views';
import { withdrawTestParts } from './withdraw-test';

/**
 * POST …/message/withdraw: a sent message (or one already publish finished) leaves every inbox at
 * once, its deliveries deleted in the same transaction (their pending pushes with them), and
 * becomes publish finished (3). Its `delivered_count` stays: the operator still sees how many it
 * reached; the analytics rollups were counted as things happened. Any other status: E-735.
 * A message with an A/B test takes its variants and winner's send along (withdraw-test.ts).
 */
export async function withdrawMessage(
  ctx: AppContext,
  input: { channel: ChannelRow; messageId: number },
): Promise<MessageDto> {
  const channelId = Number(input.channel.id);
  const row = await ctx.db.kysely.transaction().execute(async (trx) => {
    const [found] = await lockRows(ctx.db, 'messages', channelId, [input.messageId], trx);
    if (!found) throw new AppError('E-404');
    const status = Number(found.status);
    if (!isSentStatus(status)) throw new AppError('E-735');
    await deleteMessageDeliveries(ctx.db, input.messageId, trx);
    await withdrawTestParts(ctx, { channelId, messageId: input.messageId, at: Date.now() }, trx);
    if (status === MESSAGE_STATUSES.finished) return found;
    const finished = await updateRowIn(
      ctx.db,
      'messages',
      channelId,
      input.messageId,
      [MESSAGE_STATUSES.sent],
      { status: MESSAGE_STATUSES.finished, updated_at: Date.now() },
      trx,
    );
    if (!finished) throw new AppError('E-735');
    return finished;
  });
  const [view] = await messageViews(ctx, channelId, [row]);
  return view as MessageDto;
}
