import type { FollowerTagsBody } from '@qrqr/shared/follower-schemas';
import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { holdChannelTags } from '../tags/lookup';
import { addFollowerTags, channelFollowerIds, removeFollowerTags } from './repository';

/**
 * Tags and untags followers of the channel in one transaction. Every follower and tag named must
 * be the channel's (else E-404 and nothing changes).
 */
export async function tagFollowers(
  ctx: AppContext,
  input: { channel: ChannelRow; body: FollowerTagsBody },
): Promise<{ follower_ids: number[] }> {
  const { body } = input;
  const channelId = input.channel.id;
  const tagIds = [...body.add_tag_ids, ...body.remove_tag_ids];
  // Checked inside the transaction, the rows held: a tag deleted or a follower gone at the same
  // moment answers E-404 instead of failing the insert. Tags first, then followers, the order a
  // tag's deletion takes them (its cascade recounts the followers' tags), so neither waits on the other
  // in a circle.
  const followers = await ctx.db.kysely.transaction().execute(async (trx) => {
    const tags = await holdChannelTags(ctx, channelId, tagIds, trx);
    const found = await channelFollowerIds(ctx.db, channelId, body.follower_ids, trx);
    if (found.length !== body.follower_ids.length || tags.length !== tagIds.length) {
      throw new AppError('E-404');
    }
    await addFollowerTags(ctx.db, channelId, found, body.add_tag_ids, trx);
    await removeFollowerTags(ctx.db, channelId, found, body.remove_tag_ids, trx);
    return found;
  });
  return { follower_ids: followers };
}
