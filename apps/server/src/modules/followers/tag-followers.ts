import type { FollowerTagsBody } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { channelTagsByIds } from '../tags/lookup';
import { addFollowerTags, channelFollowerIds, removeFollowerTags } from './repository';

/**
 * Tags and untags followers of the channel in one transaction. Every follower and tag named must
 * be the channel's (else E-404 and nothing changes).
 */
export async function tagFollowers(
  ctx: AppContext,
  input: { channelId: number; body: FollowerTagsBody },
): Promise<{ follower_ids: number[] }> {
  const { channelId, body } = input;
  const tagIds = [...body.add_tag_ids, ...body.remove_tag_ids];
  const [followers, tags] = await Promise.all([
    channelFollowerIds(ctx.db, channelId, body.follower_ids),
    channelTagsByIds(ctx, channelId, tagIds),
  ]);
  if (followers.length !== body.follower_ids.length || tags.length !== tagIds.length) {
    throw new AppError('E-404');
  }
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await addFollowerTags(ctx.db, channelId, followers, body.add_tag_ids, trx);
    await removeFollowerTags(ctx.db, channelId, followers, body.remove_tag_ids, trx);
  });
  return { follower_ids: followers.sort((a, b) => a - b) };
}
