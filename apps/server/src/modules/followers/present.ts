import type { FollowerDto, ReaderChannelDto, RelationLink } from '@qrqr/shared';
import { z } from 'zod';
import type { ChannelRow } from '../../db/schema';
import type { FollowerRow } from './repository';

/** The channel as its public page shows it: no ids, no owner, no settings. */
export function presentReaderChannel(
  row: ChannelRow,
  extra: { icon_url: string | null; background_url: string | null; follower_count: number },
): ReaderChannelDto {
  return {
    channel_code: row.channel_code,
    channel_name: row.channel_name,
    description_short: row.description_short,
    description_long: row.description_long,
    address: row.address,
    description_route: row.description_route,
    latitude: row.latitude,
    longitude: row.longitude,
    relation_links: JSON.parse(row.relation_links) as RelationLink[],
    is_official: Boolean(row.is_official),
    ...extra,
  };
}

/** A follower for the operator: its number in the channel, follow date and tags; never the device. */
export function presentFollower(
  row: FollowerRow,
  tags: Array<{ tag_id: number; tag_name: string }>,
): FollowerDto {
  return { follower_id: row.id, followed_at: row.followed_at, tags };
}

export const readerChannelSchema = z.object({
  channel_code: z.string(),
  channel_name: z.string(),
  description_short: z.string(),
  description_long: z.string(),
  address: z.string(),
  description_route: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  relation_links: z.array(z.object({ text: z.string(), url: z.string() })),
  is_official: z.boolean(),
  icon_url: z.string().nullable(),
  background_url: z.string().nullable(),
  follower_count: z.number().int(),
});

export const followerSchema = z.object({
  follower_id: z.number().int().describe('Shown as "Follower #<id>"; the device is never shown'),
  followed_at: z.number().describe('Unix milliseconds'),
  tags: z.array(z.object({ tag_id: z.number().int(), tag_name: z.string() })),
});
