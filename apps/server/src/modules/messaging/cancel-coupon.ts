import { isSentStatus } from '@qrqr/shared/message-constants';
import type { MessageDto } from '@qrqr/shared/message-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { cancelCopy } from '../coupons/lookup';
import { findRow } from './item-rows';
import { messageView } from './message-views';

/**
 * POST …/coupon/cancel/{message_id}: cancels the coupon a sent message carries, with an optional
 * text (≤ 120) its followers then see; the coupon can no longer be used. A message not sent or
 * without a coupon is E-735; cancelling again keeps the first cancellation.
 */
export async function cancelCoupon(
  ctx: AppContext,
  input: { channel: ChannelRow; messageId: number; text: string },
): Promise<MessageDto> {
  const channelId = input.channel.id;
  const row = await findRow(ctx.db, 'messages', channelId, input.messageId);
  if (!row) throw new AppError('E-404');
  if (!isSentStatus(row.status) || row.coupon_copy_id === null) throw new AppError('E-735');
  await cancelCopy(ctx, channelId, Number(row.coupon_copy_id), input.text);
  return messageView(ctx, channelId, row);
}
