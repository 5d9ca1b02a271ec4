import { MESSAGES_PAGE_SIZE } from '@qrqr/shared/message-constants';
import type { MessageListAnswer, MessageListQuery } from '@qrqr/shared/message-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { testState } from './ab-test-view';
import { listMessagePage } from './message-repository';
import { messageViews } from './message-views';

/**
 * One page (20) of the channel's messages of one status (-1 all), newest first, with their A/B
 * tests' states; the page's one query brings each test's winner's send, which counts in its
 * message's figures as on every answer (message-views.ts).
 */
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
  const views = await messageViews(ctx, channel.id, rows);
  return {
    messages: views.map((view, i) => {
      const row = rows[i];
      const test =
        row?.test_message_id == null
          ? null
          : { decide_at: row.test_decide_at, decided_at: row.test_decided_at };
      return { ...view, ab_test_state: test && testState(test) };
    }),
    total_count: total,
    page: query.page,
    page_size: MESSAGES_PAGE_SIZE,
  };
}
