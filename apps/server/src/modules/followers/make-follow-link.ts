import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { type ChannelCodeFormat, renderChannelPageCode } from '../channels/lookup';
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

/** The follow link of these tags as a QR code file, for the POP or flyer it is made for. */
export async function renderFollowLinkCode(
  ctx: AppContext,
  input: { channel: ChannelRow; tagIds: number[]; format: ChannelCodeFormat; signal?: AbortSignal },
) {
  const { url } = await makeFollowLink(ctx, input);
  const name = `channel-${input.channel.channel_code}-tags-${[...input.tagIds].sort((a, b) => a - b).join('-')}`;
  return renderChannelPageCode(ctx, { url, name, format: input.format, signal: input.signal });
}
