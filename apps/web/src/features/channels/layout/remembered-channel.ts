import type { ChannelDto } from '@qrqr/shared/channel-schemas';

const KEY = 'qrqr.channel_id';

/** The channel last used in this browser, so a link without channel_id opens where one left off. */
export function rememberChannel(channelId: number): void {
  try {
    window.localStorage.setItem(KEY, String(channelId));
  } catch {
    // Storage may be off (private mode); the first channel is then the default.
  }
}

function remembered(): number | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    return raw ? Number(raw) : null;
  } catch {
    return null;
  }
}

/** The channel the URL names if it is the member's, else the remembered one, else the first. */
export function resolveChannel(channels: ChannelDto[], asked: number | null): ChannelDto | null {
  const byId = (id: number | null) => (id === null ? undefined : channels.find((c) => c.channel_id === id));
  return byId(asked) ?? byId(remembered()) ?? channels[0] ?? null;
}
