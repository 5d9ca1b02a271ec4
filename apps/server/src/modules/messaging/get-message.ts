import type { MessageWithTestAnswer } from '@qrqr/shared/ab-test-schemas';
import { MESSAGE_STATUSES } from '@qrqr/shared/message-constants';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { abTestOf } from './ab-test-view';
import { findRow } from './item-rows';
import { messageView } from './message-views';

/**
 * One message of the channel (another channel's or a missing one: E-404). With `reserved`, the
 * read-only view of a reserved message (GET …/message/reserved/{id}): any other status is E-404.
 * Its A/B test comes with it (null for none).
 */
export async function getMessage(
  ctx: AppContext,
  input: { channel: ChannelRow; id: number; reserved?: boolean },
): Promise<MessageWithTestAnswer> {
  const row = await findRow(ctx.db, 'messages', input.channel.id, input.id);
  if (!row) throw new AppError('E-404');
  if (input.reserved && row.status !== MESSAGE_STATUSES.reserved) throw new AppError('E-404');
  const [message, abTest] = await Promise.all([
    messageView(ctx, input.channel.id, row),
    abTestOf(ctx, input.channel.id, row),
  ]);
  return abTest ? { message, ab_test: abTest } : { message };
}
