import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { imageUrl } from '../../platform/images';

/**
 * The icon and background the channel page shows: the pictures the channel settings stored
 * (served by the platform's image route, open to anyone like the page), null when there is none.
 */
export async function channelImageUrls(
  _ctx: AppContext,
  channel: ChannelRow,
): Promise<{ icon_url: string | null; background_url: string | null }> {
  return {
    icon_url: channel.icon_image ? imageUrl(channel.icon_image) : null,
    background_url: channel.background_image ? imageUrl(channel.background_image) : null,
  };
}
