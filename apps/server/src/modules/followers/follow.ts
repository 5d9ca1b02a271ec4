import type { FollowAnswer } from '@qrqr/shared/follower-schemas';
import type { Quota } from '../../platform/cluster/quota';
import type { AppContext } from '../../platform/core/context';
import { points } from '../../platform/core/extension-points';
import { AppError } from '../../platform/http/errors';
import { channelTagsByIds } from '../tags/lookup';
import { publicChannel } from './read-channel-page';
import { addFollowerTags, countFollowers, findFollowerByDevice, insertFollowerOnce } from './repository';
import { verifyTagToken } from './tag-link';

const DAY_MS = 86_400_000;

/** The daily budget of new follows per channel and address (FOLLOWS_PER_CHANNEL_PER_DAY); open it once per app. */
export function openFollowBudget(ctx: AppContext): Quota {
  return ctx.quotas('channel-follows', { max: ctx.config.FOLLOWS_PER_CHANNEL_PER_DAY, windowMs: DAY_MS });
}

/**
 * Follows the channel of /c/{code} from this device; following again is still one follow. A
 * signed `?tags=` token from a follow link puts its tags on the follower (also on a repeat follow);
 * a malformed or forged one is refused before anything is written. A device that does not follow
 * yet takes one from the address's daily budget for this channel: a fresh cookie per request must
 * not make one machine thousands of followers. `device` issues the device cookie when needed, and
 * is called only once the request is known to be good.
 */
export async function follow(
  ctx: AppContext,
  input: {
    code: string;
    tagsToken?: string;
    knownDevice: string | null;
    address: string;
    budget: Quota;
    device: () => string;
  },
): Promise<FollowAnswer> {
  const channel = await publicChannel(ctx, input.code);
  let tagIds: number[] = [];
  if (input.tagsToken) {
    const signed = await verifyTagToken(ctx, channel.id, input.tagsToken);
    if (!signed) throw AppError.field('tags', 'validation.follow_tags_invalid');
    // Tags deleted since the link was made are skipped.
    tagIds = (await channelTagsByIds(ctx, channel.id, signed)).map((t) => t.id);
  }
  const follows = input.knownDevice && (await findFollowerByDevice(ctx.db, channel.id, input.knownDevice));
  if (!follows) {
    const budget = await input.budget.take(`${channel.id}:${input.address}`, 1);
    if (!budget.ok) throw new AppError('E-720', { retryAfterSeconds: budget.retryAfterSeconds });
  }
  const deviceHash = input.device();
  await ctx.db.kysely.transaction().execute(async (trx) => {
    const newId = await insertFollowerOnce(
      ctx.db,
      { channel_id: channel.id, device_hash: deviceHash, followed_at: Date.now() },
      trx,
    );
    const followerId = newId ?? (await findFollowerByDevice(ctx.db, channel.id, deviceHash, trx))?.id;
    if (followerId === undefined) throw new Error('follower row missing after insert');
    await addFollowerTags(ctx.db, channel.id, [followerId], tagIds, trx);
    // The modules that act on a new follower (the welcome message, channel analytics) do so in
    // the follow's own transaction.
    if (newId !== undefined)
      await ctx.registry.emit(points.joining, { channelId: channel.id, followerId: newId, deviceHash, trx });
  });
  return { following: true, follower_count: await countFollowers(ctx.db, channel.id) };
}
