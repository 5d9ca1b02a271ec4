import type { RelationLink } from '@qrqr/shared/channel-schemas';
import { WIFI_PAGE_STATUS } from '@qrqr/shared/wifi-constants';
import type { WifiCouponDto, WifiGuestPage, WifiLinkDto, WifiPageDto } from '@qrqr/shared/wifi-schemas';
import type { ChannelRow } from '../../db/schema';
import { imageUrl } from '../../platform/media/images';
import type { PageRowWithImages } from './repository';

const url = (name: string | null) => (name ? imageUrl(name) : null);

/** The page's coupon, or null for a page without one. */
export function presentCoupon(row: PageRowWithImages): WifiCouponDto | null {
  if (row.coupon_type === null) return null;
  return {
    coupon_type: row.coupon_type,
    coupon_content: row.coupon_content,
    coupon_value_percent: row.coupon_value_percent,
    coupon_value_off: row.coupon_value_off,
    coupon_value_regular_price: row.coupon_regular_price,
    coupon_value_coupon_price: row.coupon_price,
    coupon_free_text_small: row.coupon_free_text_small,
    coupon_free_text_large: row.coupon_free_text_large,
    coupon_text_color: row.coupon_text_color,
    coupon_text_color_shadow: row.coupon_text_shadow,
    coupon_text_detail: row.coupon_text_detail,
    coupon_available_count: row.coupon_available_count,
    coupon_used_count: row.coupon_used_count,
    coupon_code_type: row.coupon_code_type,
    coupon_code_text: row.coupon_code_text,
    coupon_image_url: url(row.coupon_image),
  };
}

const channelPart = (channel: ChannelRow) => ({
  channel_name: channel.channel_name,
  icon_image_url: url(channel.icon_image),
  channel_description_short: channel.description_short,
});

/** A page as its owner edits it. */
export function presentPage(
  row: PageRowWithImages,
  channel: ChannelRow,
  profiles: WifiLinkDto[],
  published: boolean,
): WifiPageDto {
  return {
    welcome_page_id: Number(row.id),
    code: row.code,
    title: row.title,
    channel_id: Number(row.channel_id),
    ...channelPart(channel),
    header_type: row.header_type,
    header_text: row.header_text,
    header_image_id: row.header_image_id === null ? null : Number(row.header_image_id),
    header_image_url: url(row.header_image),
    free_text: row.free_text,
    footer_text: row.footer_text,
    text_color: row.text_color,
    background_color: row.background_color,
    background_image_id: row.background_image_id === null ? null : Number(row.background_image_id),
    background_image_url: url(row.background_image),
    relation_links: JSON.parse(row.relation_links) as RelationLink[],
    coupon: presentCoupon(row),
    coupon_image_url_draft: url(row.coupon_image_draft),
    status: published ? WIFI_PAGE_STATUS.published : WIFI_PAGE_STATUS.reserved,
    profiles,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/**
 * What a guest sees: the page without its owner's parts (ids, links, counts); `usedAt`: when this
 * device used the coupon, so a reload shows it used; `following`: the device follows the channel,
 * so the page offers no second follow. The coupon's code goes only to that device,
 * as a message's coupon's goes only to the follower who used it: a code everyone can read is a
 * coupon anyone can copy, also once none remain.
 */
export function presentGuestPage(
  row: PageRowWithImages,
  channel: ChannelRow,
  usedAt: number | null,
  following: boolean,
): WifiGuestPage {
  const coupon = presentCoupon(row);
  let guestCoupon: WifiGuestPage['coupon'] = null;
  if (coupon) {
    const { coupon_used_count, coupon_code_text, ...rest } = coupon;
    const remaining =
      coupon.coupon_available_count < 0
        ? null
        : Math.max(0, coupon.coupon_available_count - coupon_used_count);
    guestCoupon = {
      ...rest,
      coupon_code_text: usedAt === null ? '' : coupon_code_text,
      remaining,
      used_here: usedAt !== null,
      used_at: usedAt,
    };
  }
  return {
    code: row.code,
    title: row.title,
    channel_code: channel.channel_code,
    ...channelPart(channel),
    header_type: row.header_type,
    header_text: row.header_text,
    header_image_url: url(row.header_image),
    free_text: row.free_text,
    footer_text: row.footer_text,
    text_color: row.text_color,
    background_color: row.background_color,
    background_image_url: url(row.background_image),
    relation_links: JSON.parse(row.relation_links) as RelationLink[],
    following,
    coupon: guestCoupon,
  };
}

export function presentChannelInfo(channel: ChannelRow) {
  return { channel_id: Number(channel.id), ...channelPart(channel) };
}
