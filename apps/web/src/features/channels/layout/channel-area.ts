import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { createContext, useContext } from 'react';
import type { ChannelQuery, ExtraQuery } from './channel-query';

/** Logo types of the header: 1 the channel service, 2 Wi-Fi welcome pages. */
export type LogoType = 1 | 2;

export interface ChannelAreaValue {
  /** The member's channels, oldest first; empty while loading. */
  channels: ChannelDto[];
  /** The current channel; null while loading or when the member has none yet. */
  channel: ChannelDto | null;
  /** The query as resolved: channelId is the current channel's, viewModePc as the URL says. */
  query: ChannelQuery;
  logoType: LogoType;
  /** Link to a screen of the channel area keeping channel_id and view_mode. */
  href: (path: string, extra?: ExtraQuery) => string;
  /**
   * Ask for another channel: the guards may ask first (unsaved text, confirm before change), then
   * the message list reloads.
   */
  requestSwitch: (channelId: number) => void;
  /** The channel asked for while a confirmation is open, or being moved to (the switcher shows it). */
  pendingChannelId: number | null;
  setViewModePc: (pc: boolean) => void;
  /** A phone-sized device: shows the smartphone/PC toggle. */
  phoneDevice: boolean;
  /** The phone layout is in use (a phone without view_mode=pc). */
  phoneLayout: boolean;
}

export const ChannelAreaContext = createContext<ChannelAreaValue | null>(null);

/** Everything the layout knows; for the layout's own parts and screens that work without a channel. */
export function useChannelArea(): ChannelAreaValue {
  const value = useContext(ChannelAreaContext);
  if (!value) throw new Error('useChannelArea must be used inside the channel layout');
  return value;
}

export interface CurrentChannel {
  channel: ChannelDto;
  channels: ChannelDto[];
  href: ChannelAreaValue['href'];
  viewModePc: boolean;
}

/**
 * The current channel for a channel screen. The layout renders such screens only once the
 * channel is known, so it is never null here.
 */
export function useCurrentChannel(): CurrentChannel {
  const { channel, channels, href, query } = useChannelArea();
  if (!channel) throw new Error('useCurrentChannel needs a screen declared with a channel');
  return { channel, channels, href, viewModePc: query.viewModePc };
}
