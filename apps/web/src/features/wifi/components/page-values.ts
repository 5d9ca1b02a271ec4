import {
  COUPON_CODE_TYPES,
  COUPON_DEFAULTS,
  COUPON_DISCOUNT_TYPES,
  type RelationLink,
  type SaveWifiPageInput,
  WIFI_HEADER_TYPES,
  WIFI_PAGE_DEFAULTS,
  type WifiPageDto,
} from '@qrqr/shared';
import type { WelcomePageData } from '../../../cards/welcome-page';

/** The coupon's inputs as typed (numbers as text). */
export interface CouponValues {
  coupon_type: number;
  coupon_content: string;
  coupon_value_percent: string;
  coupon_value_off: string;
  coupon_value_regular_price: string;
  coupon_value_coupon_price: string;
  coupon_free_text_small: string;
  coupon_free_text_large: string;
  coupon_text_color: string;
  coupon_text_color_shadow: number;
  coupon_text_detail: string;
  /** -1 unlimited. */
  coupon_available_count: string;
  coupon_code_type: number;
  coupon_code_text: string;
}

/** What the builder holds: the page's fields, its pictures' ids and addresses, the coupon or none. */
export interface PageValues {
  title: string;
  channel_id: number;
  header_type: number;
  header_text: string;
  header_image: { id: number; url: string } | null;
  free_text: string;
  footer_text: string;
  text_color: string;
  background_color: string;
  background_image: { id: number; url: string } | null;
  relation_links: RelationLink[];
  coupon: CouponValues | null;
}

export const emptyCoupon = (): CouponValues => ({
  coupon_type: COUPON_DISCOUNT_TYPES.percent,
  coupon_content: '',
  coupon_value_percent: '10',
  coupon_value_off: '',
  coupon_value_regular_price: '',
  coupon_value_coupon_price: '',
  coupon_free_text_small: '',
  coupon_free_text_large: '',
  coupon_text_color: COUPON_DEFAULTS.textColor,
  coupon_text_color_shadow: COUPON_DEFAULTS.textShadow,
  coupon_text_detail: '',
  coupon_available_count: '100',
  coupon_code_type: COUPON_CODE_TYPES.none,
  coupon_code_text: '',
});

export const emptyPage = (channelId: number): PageValues => ({
  title: '',
  channel_id: channelId,
  header_type: WIFI_HEADER_TYPES.text,
  header_text: '',
  header_image: null,
  free_text: '',
  footer_text: '',
  text_color: WIFI_PAGE_DEFAULTS.textColor,
  background_color: WIFI_PAGE_DEFAULTS.backgroundColor,
  background_image: null,
  relation_links: [],
  coupon: null,
});

const text = (v: number | null) => (v === null ? '' : String(v));
const picture = (id: number | null, url: string | null) => (id !== null && url ? { id, url } : null);

export function pageValues(p: WifiPageDto): PageValues {
  const c = p.coupon;
  return {
    title: p.title,
    channel_id: p.channel_id,
    header_type: p.header_type,
    header_text: p.header_text,
    header_image: picture(p.header_image_id, p.header_image_url),
    free_text: p.free_text,
    footer_text: p.footer_text,
    text_color: p.text_color,
    background_color: p.background_color,
    background_image: picture(p.background_image_id, p.background_image_url),
    relation_links: p.relation_links,
    coupon: c
      ? {
          coupon_type: c.coupon_type,
          coupon_content: c.coupon_content,
          coupon_value_percent: text(c.coupon_value_percent),
          coupon_value_off: text(c.coupon_value_off),
          coupon_value_regular_price: text(c.coupon_value_regular_price),
          coupon_value_coupon_price: text(c.coupon_value_coupon_price),
          coupon_free_text_small: c.coupon_free_text_small,
          coupon_free_text_large: c.coupon_free_text_large,
          coupon_text_color: c.coupon_text_color,
          coupon_text_color_shadow: c.coupon_text_color_shadow,
          coupon_text_detail: c.coupon_text_detail,
          coupon_available_count: String(c.coupon_available_count),
          coupon_code_type: c.coupon_code_type,
          coupon_code_text: c.coupon_code_text,
        }
      : null,
  };
}

/**
 * The save call's body (the server checks every rule again). `couponPictureRemoved`: the builder
 * shows no coupon picture, so the saved one (and any draft) goes.
 */
export function saveInput(v: PageValues, id?: number, couponPictureRemoved = false): SaveWifiPageInput {
  return {
    ...(id !== undefined && { welcome_page_id: id }),
    title: v.title,
    channel_id: v.channel_id,
    header_type: v.header_type,
    header_text: v.header_text,
    header_image_id: v.header_image?.id ?? null,
    free_text: v.free_text,
    footer_text: v.footer_text,
    text_color: v.text_color,
    background_color: v.background_color,
    background_image_id: v.background_image?.id ?? null,
    relation_links: v.relation_links,
    coupon: v.coupon,
    coupon_image_removed: couponPictureRemoved,
  } as SaveWifiPageInput;
}

const num = (v: string) => (v.trim() === '' || Number.isNaN(Number(v)) ? null : Number(v));

/** The page as the guest will see it, from the builder's values (the preview). */
export function previewPage(
  v: PageValues,
  channel: { channel_name: string; icon_image_url: string | null; channel_description_short: string },
  couponImageUrl: string | null,
): WelcomePageData {
  const c = v.coupon;
  const count = c ? num(c.coupon_available_count) : null;
  return {
    title: v.title,
    ...channel,
    header_type: v.header_type,
    header_text: v.header_text,
    header_image_url: v.header_image?.url ?? null,
    free_text: v.free_text,
    footer_text: v.footer_text,
    text_color: v.text_color,
    background_color: v.background_color,
    background_image_url: v.background_image?.url ?? null,
    relation_links: v.relation_links,
    following: false,
    coupon: c
      ? {
          coupon_type: c.coupon_type,
          coupon_content: c.coupon_content,
          coupon_value_percent: num(c.coupon_value_percent),
          coupon_value_off: num(c.coupon_value_off),
          coupon_value_regular_price: num(c.coupon_value_regular_price),
          coupon_value_coupon_price: num(c.coupon_value_coupon_price),
          coupon_free_text_small: c.coupon_free_text_small,
          coupon_free_text_large: c.coupon_free_text_large,
          coupon_text_color: c.coupon_text_color,
          coupon_text_color_shadow: c.coupon_text_color_shadow,
          coupon_text_detail: c.coupon_text_detail,
          coupon_available_count: count ?? -1,
          coupon_code_type: c.coupon_code_type,
          coupon_code_text: c.coupon_code_text,
          coupon_image_url: couponImageUrl,
          remaining: count === null || count < 0 ? null : count,
          used_here: false,
          used_at: null,
        }
      : null,
  };
}
