import type { ChannelDto } from '@qrqr/shared/channel-schemas';

/** What the settings form edits: the channel's own fields, numbers as the inputs hold them. */
export interface SettingsValues {
  channel_name: string;
  channel_user_type: string;
  industory_id: string;
  sub_industory_id: string;
  description_short: string;
  description_long: string;
  address: string;
  description_route: string;
  latitude: string;
  longitude: string;
  relation_links: Array<{ text: string; url: string }>;
  /** Push quiet hours: 1 on, 0 off; HH:MM in Japan. */
  quiet_hours: number;
  quiet_start: string;
  quiet_end: string;
  /** The frequency cap: 0 off, else 1–10 messages a follower in 24 h; text while being typed. */
  frequency_cap: number | string;
}

export const SETTINGS_FIELDS = [
  'channel_name',
  'channel_user_type',
  'industory_id',
  'sub_industory_id',
  'description_short',
  'description_long',
  'address',
  'description_route',
  'latitude',
  'longitude',
  'relation_links',
  'quiet_hours',
  'quiet_start',
  'quiet_end',
  'frequency_cap',
] as const;

const text = (n: number | null) => (n === null ? '' : String(n));

export function settingsValues(channel: ChannelDto): SettingsValues {
  return {
    channel_name: channel.channel_name,
    channel_user_type: String(channel.channel_user_type),
    industory_id: text(channel.industory_id),
    sub_industory_id: text(channel.sub_industory_id),
    description_short: channel.description_short,
    description_long: channel.description_long,
    address: channel.address,
    description_route: channel.description_route,
    latitude: text(channel.latitude),
    longitude: text(channel.longitude),
    relation_links: channel.relation_links.map((l) => ({ ...l })),
    quiet_hours: channel.quiet_hours,
    quiet_start: channel.quiet_start,
    quiet_end: channel.quiet_end,
    frequency_cap: channel.frequency_cap,
  };
}

/** A map for the address or the position: a link to OpenStreetMap, no tile server of our own. */
export function mapLink(values: Pick<SettingsValues, 'address' | 'latitude' | 'longitude'>): string | null {
  const lat = Number(values.latitude);
  const lng = Number(values.longitude);
  if (values.latitude !== '' && values.longitude !== '' && Number.isFinite(lat) && Number.isFinite(lng)) {
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=17/${lat}/${lng}`;
  }
  const address = values.address.trim();
  return address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}` : null;
}

/** The quiet-hours bounds offered: every half hour, plus the saved one if it is another minute. */
export function quietTimeOptions(current: string[]): string[] {
  const times: string[] = [];
  for (let m = 0; m < 1440; m += 30)
    times.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  for (const c of current) if (/^\d\d:\d\d$/.test(c) && !times.includes(c)) times.push(c);
  return times.sort();
}
