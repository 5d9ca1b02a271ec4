import { channelPath } from '@qrqr/shared/channel-paths';
import type {
  ChannelAnswer,
  ChannelDto,
  IndustryDto,
  PublicChannelDto,
  RelationLink,
} from '@qrqr/shared/channel-schemas';
import type { Locale } from '@qrqr/shared/limits';
import { CHANNEL_PAGE_PREFIX } from '@qrqr/shared/paths';
import { IMAGE_FORMATS } from '@qrqr/shared/qr-constants';
import { followerCountOf } from '../../db/follower-counts';
import type { ChannelRow, IndustryRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { imageUrl } from '../../platform/media/images';

/** What anyone may see of a channel (its public page): no id, owner, industry or dates. */
export function presentPublicChannel(row: ChannelRow): PublicChannelDto {
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

/** Channels as every channel call answers them, each with its follower count. */
export function presentChannels(ctx: AppContext, rows: ChannelRow[]): ChannelDto[] {
  return rows.map((row) => presentChannel(row, ctx.config.publicUrl, followerCountOf(row)));
}

/** One channel as the calls answer it. */
export function presentOneChannel(ctx: AppContext, row: ChannelRow): ChannelAnswer {
  return { channel: presentChannel(row, ctx.config.publicUrl, followerCountOf(row)) };
}

/** A channel as channelSchema of @qrqr/shared: the public part and the owner's. */
function presentChannel(row: ChannelRow, publicUrl: string, userCount: number): ChannelDto {
  return {
    channel_id: row.id,
    ...presentPublicChannel(row),
    channel_user_type: row.channel_user_type,
    industory_id: row.industory_id,
    sub_industory_id: row.sub_industory_id,
    channel_page_url: `${publicUrl}${CHANNEL_PAGE_PREFIX}${row.channel_code}`,
    channel_qrcode_url: channelPath.codeDownload(row.id, IMAGE_FORMATS.png),
    user_count: userCount,
    quiet_hours: Number(row.quiet_hours),
    quiet_start: clock(Number(row.quiet_start)),
    quiet_end: clock(Number(row.quiet_end)),
    frequency_cap: Number(row.frequency_cap),
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

/** 1260 → "21:00". */
function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
