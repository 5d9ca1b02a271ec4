import type { AppContext } from '../../platform/core/context';
import { pushTexts } from './item-rows';

/**
 * What other modules (channel analytics) read of messaging: the notification texts of some of a
 * channel's messages and welcome messages.
 */

export function messageTitles(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  return pushTexts(ctx.db, 'messages', channelId, ids);
}

export function welcomeTitles(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  return pushTexts(ctx.db, 'welcome_messages', channelId, ids);
}
