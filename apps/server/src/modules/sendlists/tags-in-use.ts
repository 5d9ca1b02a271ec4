import type { Db } from '../../db/client';
import { usedTagIds } from './repository';

/**
 * For the tags module's E-710 check: which of `tagIds` a send list of the channel uses (a box in
 * the default mode keeps no tags, so it blocks nothing).
 */
export function tagIdsUsedBySendlists(db: Db, channelId: number, tagIds: number[]): Promise<number[]> {
  return usedTagIds(db, channelId, tagIds);
}
