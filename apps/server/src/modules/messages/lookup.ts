import type { AppContext } from '../../platform/context';
import { messagePushTexts } from './repository';

/** What other modules read of messages: the notification texts of some of a channel's messages. */
export function messageTitles(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  return messagePushTexts(ctx.db, channelId, ids);
}
