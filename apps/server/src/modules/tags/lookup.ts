import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { findChannelTags, holdChannelTagIds, listChannelTags, type TagRow } from './repository';

/**
 * What other modules (followers, send lists) ask of the tags module, instead of reading `tags`.
 */

/** The channel's tags among `ids`; ids of another channel or of deleted tags are left out. */
export function channelTagsByIds(ctx: AppContext, channelId: number, ids: number[]): Promise<TagRow[]> {
  return findChannelTags(ctx.db, channelId, ids);
}

/**
 * The channel's tag ids among `ids`; inside `trx`, held against a delete until it ends: a caller that then
 * writes rows pointing at them (follower tags, send-list boxes) never meets a tag deleted meanwhile.
 */
export function holdChannelTags(
  ctx: Pick<AppContext, 'db'>,
  channelId: number,
  ids: number[],
  trx?: Transaction<Database>,
): Promise<number[]> {
  return holdChannelTagIds(ctx.db, channelId, ids, trx);
}

/** Every tag of the channel by id (to name the tags of a page of followers). */
export async function channelTagMap(ctx: AppContext, channelId: number): Promise<Map<number, TagRow>> {
  return new Map((await listChannelTags(ctx.db, channelId)).map((t) => [t.id, t]));
}
