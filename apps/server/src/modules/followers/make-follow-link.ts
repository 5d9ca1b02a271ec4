import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { channelTagsByIds } from '../tags/lookup';
import { followLinkUrl, signTagToken } from './tag-link';

/** The channel page URL whose follow puts these tags (all the channel's, else E-404) on the follower. */
export async function makeFollowLink(
  ctx: AppContext,
  input: { channel: ChannelRow; tagIds: number[] },
): Promise<{ url: string }> {
  const { channel, tagIds } = input;
  const tags = await channelTagsByIds(ctx, channel.id, tagIds);
  if (tags.length !== tagIds.length) throw new AppError('E-404');
  const token = await signTagToken(ctx, channel.id, tagIds);
  return { url: followLinkUrl(ctx.config.publicUrl, channel.channel_code, token) };
}
