import { pushTexts } from '../../db/message-rows';
import type { AppContext } from '../../platform/context';

/** What other modules read of messages: the notification texts of some of a channel's messages. */
export function messageTitles(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  return pushTexts(ctx.db, 'messages', channelId, ids);
}
