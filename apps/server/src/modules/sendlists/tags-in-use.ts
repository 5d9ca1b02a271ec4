import type { Transaction } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/schema';
import type { TagUsage } from '../../platform/channel-hooks';
import { usedTagIds } from './repository';

/**
 * For the tags module's E-710 check: which of `tagIds` a send list of the channel uses (a box in
 * the default mode keeps no tags, so it blocks nothing). Runs inside the delete's transaction.
 */
export function tagIdsUsedBySendlists(
  db: Db,
  channelId: number,
  tagIds: number[],
  trx?: Transaction<Database>,
): Promise<TagUsage[]> {
  return usedTagIds(db, channelId, tagIds, trx);
}
