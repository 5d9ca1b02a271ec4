import type { FollowAnswer } from '@qrqr/shared';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { channelTagsByIds } from '../tags/lookup';
import { publicChannel } from './read-channel-page';
import { addFollowerTags, countFollowers, findFollowerByDevice, insertFollowerOnce } from './repository';
import { verifyTagToken } from './tag-link';

/**
 * Follows the channel of /c/{code} from this device; following again is still one follow. A
 * signed `?tags=` token from a follow link puts its tags on the follower (also on a repeat follow);
 * a malformed or forged one is refused before anything is written. `device` issues the device
 * cookie when needed, and is called only once the request is known to be good.
 */
export async function follow(
  ctx: AppContext,
  input: { code: string; tagsToken?: string; device: () => string },
): Promise<FollowAnswer> {
  const channel = await publicChannel(ctx, input.code);
  let tagIds: number[] = [];
  if (input.tagsToken) {
    const signed = await verifyTagToken(ctx, channel.id, input.tagsToken);
    if (!signed) throw AppError.field('tags', 'validation.follow_tags_invalid');
    // Tags deleted since the link was made are skipped.
    tagIds = (await channelTagsByIds(ctx, channel.id, signed)).map((t) => t.id);
  }
  const deviceHash = input.device();
  const added = await ctx.db.kysely.transaction().execute(async (trx) => {
    const newId = await insertFollowerOnce(
      ctx.db,
      { channel_id: channel.id, device_hash: deviceHash, followed_at: Date.now() },
      trx,
    );
    const followerId = newId ?? (await findFollowerByDevice(ctx.db, channel.id, deviceHash, trx))?.id;
    if (followerId === undefined) throw new Error('follower row missing after insert');
    await addFollowerTags(ctx.db, channel.id, [followerId], tagIds, trx);
    return newId;
  });
  if (added !== undefined) {
    // A welcome message failing to start must not undo the follow the visitor asked for.
    await ctx.channelHooks
      .runFollowed({ channelId: channel.id, followerId: added })
      .catch((error: unknown) => ctx.log.error({ err: error }, 'follow hook failed'));
  }
  return { following: true, follower_count: await countFollowers(ctx.db, channel.id) };
}
