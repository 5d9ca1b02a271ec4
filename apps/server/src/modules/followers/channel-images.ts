import type { ChannelRow } from '../../db/schema';
import type { AppContext } from '../../platform/context';

/**
 * The icon and background the channel page shows. The channel images (settings screen) are
 * stored by the channels module; until it offers their public URLs, a channel has none.
 * Replace this body with a call to that module's service function: nothing else changes.
 */
export async function channelImageUrls(
  _ctx: AppContext,
  _channel: ChannelRow,
): Promise<{ icon_url: string | null; background_url: string | null }> {
  return { icon_url: null, background_url: null };
}
