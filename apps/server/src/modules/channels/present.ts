import {
  CHANNEL_CODE_FORMATS,
  CHANNEL_PAGE_PREFIX,
  type ChannelDto,
  channelPath,
  type IndustryDto,
  type Locale,
  type ReaderChannelDto,
  type RelationLink,
} from '@qrqr/shared';
import { z } from 'zod';
import { countChannelRows } from '../../db/channel-rows';
import type { ChannelRow, IndustryRow } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { imageUrl } from '../../platform/images';

/** What anyone may see of a channel (its public page): no id, owner, industry or dates. */
export type PublicChannel = Omit<ReaderChannelDto, 'follower_count'>;

export function presentPublicChannel(row: ChannelRow): PublicChannel {
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
    icon_url: row.icon_image ? imageUrl(row.icon_image) : null,
    icon_image_url: row.icon_image ? imageUrl(row.icon_image) : null,
    background_image_url: row.background_image ? imageUrl(row.background_image) : null,
  };
}

/** Channels as every channel call answers them, each with its follower count (one query for all). */
export async function presentChannels(ctx: AppContext, rows: ChannelRow[]): Promise<ChannelDto[]> {
  const counts = await countChannelRows(
    ctx.db,
    'followers',
    rows.map((r) => r.id),
  );
  return rows.map((row) => presentChannel(row, ctx.config.publicUrl, counts.get(row.id) ?? 0));
}

/** One channel as the calls answer it. */
export async function presentOneChannel(ctx: AppContext, row: ChannelRow): Promise<{ channel: ChannelDto }> {
  const [channel] = await presentChannels(ctx, [row]);
  return { channel: channel as ChannelDto };
}

/** A channel as ChannelDto of @qrqr/shared: the public part and the owner's. */
function presentChannel(row: ChannelRow, publicUrl: string, userCount: number): ChannelDto {
  return {
    channel_id: row.id,
    ...presentPublicChannel(row),
    channel_user_type: row.channel_user_type,
    industory_id: row.industory_id,
    sub_industory_id: row.sub_industory_id,
    channel_page_url: `${publicUrl}${CHANNEL_PAGE_PREFIX}${row.channel_code}`,
    channel_qrcode_url: channelPath.under(row.id, `qrcode/download/${CHANNEL_CODE_FORMATS.png}`),
    user_count: userCount,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** Industries with their sub-industries, named in the caller's language. */
export function presentIndustries(rows: IndustryRow[], locale: Locale): IndustryDto[] {
  const name = (r: IndustryRow) => (locale === 'en' ? r.name_en : r.name_ja);
  return rows
    .filter((r) => r.parent_id === null)
    .map((p) => ({
      id: p.id,
      name: name(p),
      sub_industories: rows.filter((r) => r.parent_id === p.id).map((s) => ({ id: s.id, name: name(s) })),
    }));
}

/** The same shapes for OpenAPI and the response serializer. */
export const publicChannelSchema = z.object({
  channel_code: z.string().describe('Random code of the public page /c/{channel_code}'),
  channel_name: z.string(),
  description_short: z.string(),
  description_long: z.string(),
  address: z.string(),
  description_route: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  relation_links: z.array(z.object({ text: z.string(), url: z.string() })),
  is_official: z.boolean().describe('Set only by the operator command channel:official'),
  icon_url: z.string().nullable().describe('Site-relative URL of the icon, or null'),
  icon_image_url: z.string().nullable().describe('The same as icon_url (§3 names both)'),
  background_image_url: z.string().nullable().describe('Site-relative URL of the background, or null'),
});

export const channelSchema = z.object({
  channel_id: z.number().int(),
  ...publicChannelSchema.shape,
  channel_user_type: z.union([z.literal(1), z.literal(2)]).describe('Individual 1, company 2'),
  industory_id: z.number().int().nullable(),
  sub_industory_id: z.number().int().nullable(),
  channel_page_url: z.string(),
  channel_qrcode_url: z.string().describe('The channel code as PNG (site-relative download URL)'),
  user_count: z.number().int().describe('Followers of the channel'),
  created_at: z.number().describe('Unix milliseconds'),
  updated_at: z.number().describe('Unix milliseconds'),
});

export const industrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sub_industories: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
