import type { AppContext } from '../../platform/core/context';
import { testPartsAmong } from './ab-test-repository';
import { pushTexts } from './item-rows';

/**
 * What other modules (channel analytics) read of messaging: the notification texts of some of a
 * channel's messages and welcome messages, and which messages are parts of an A/B test.
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

/** The A/B test parts among these messages: variant index (0 = A), and whether the winner's send. */
export function messageTestParts(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  ids: readonly number[],
): Promise<Map<number, { variant: number; winner: boolean }>> {
  return testPartsAmong(ctx.db, channelId, ids);
}
