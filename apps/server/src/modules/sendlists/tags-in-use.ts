import type { Db } from '../../db/client';
import type { IdsQuestion, Veto } from '../../platform/core/registry';
import { usedTagIds } from './repository';

/**
 * The send lists' veto on deleting tags (E-710): which of the tags asked a send list of the channel
 * uses, and which list (a box in the default mode keeps no tags, so it blocks nothing). It reads
 * through the delete's transaction, where the tags are locked.
 */
export async function tagsHeldBySendlists(db: Db, { channelId, ids, trx }: IdsQuestion): Promise<Veto[]> {
  return (await usedTagIds(db, channelId, ids, trx)).map(({ tagId, usedBy }) => ({ id: tagId, by: usedBy }));
}
