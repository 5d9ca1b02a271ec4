import { MESSAGES_PAGE_SIZE } from '@qrqr/shared/message-constants';
import type { MessageListAnswer, MessageListQuery } from '@qrqr/shared/message-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { listMessagePage } from './message-repository';
import { messageViews } from './message-views';

/** One page (20) of the channel's messages of one status (-1 all), newest first. */
export async function listMessages(
  ctx: AppContext,
  input: { channel: ChannelRow; query: MessageListQuery },
): Promise<MessageListAnswer> {
  const { channel, query } = input;
  const { rows, total } = await listMessagePage(ctx.db, {
    channelId: channel.id,
    status: query.status,
    offset: (query.page - 1) * MESSAGES_PAGE_SIZE,
    limit: MESSAGES_PAGE_SIZE,
  });
  return {
    messages: await messageViews(ctx, channel.id, rows),
    total_count: total,
    page: query.page,
    page_size: MESSAGES_PAGE_SIZE,
  };
}
