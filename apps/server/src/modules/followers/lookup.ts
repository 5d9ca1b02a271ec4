import type { AppContext } from '../../platform/context';
import { countFollowersOfChannels } from './repository';

/**
 * What other modules (channels) ask of the followers module, instead of reading `followers`.
 */

/** How many followers each of these channels has (0 for a channel without any). */
export async function followerCountsOf(
  ctx: Pick<AppContext, 'db'>,
  channelIds: number[],
): Promise<Map<number, number>> {
  const counts = await countFollowersOfChannels(ctx.db, channelIds);
  return new Map(channelIds.map((id) => [id, counts.get(id) ?? 0]));
}
