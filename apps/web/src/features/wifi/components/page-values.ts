import type { RelationLink } from '@qrqr/shared/channel-schemas';
import { WIFI_COUPON_DEFAULTS, WIFI_HEADER_TYPES, WIFI_PAGE_DEFAULTS } from '@qrqr/shared/wifi-constants';
import type { SaveWifiPageInput, WifiPageDto } from '@qrqr/shared/wifi-schemas';
import type { WelcomePageData } from '../../../cards/welcome-page';
import { type CouponValues, couponValues, emptyCoupon, previewFields } from '../../coupons';

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

/** A page's coupon when the owner turns it on. */
export const emptyPageCoupon = (): CouponValues => emptyCoupon(WIFI_COUPON_DEFAULTS);

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
    coupon: c ? couponValues(c) : null,
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

/** The page as the guest will see it, from the builder's values (the preview). */
export function previewPage(
  v: PageValues,
  channel: { channel_name: string; icon_image_url: string | null; channel_description_short: string },
  couponImageUrl: string | null,
): WelcomePageData {
  const c = v.coupon;
  const fields = c ? previewFields(c) : null;
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
    coupon: fields
      ? {
          ...fields,
          coupon_image_url: couponImageUrl,
          remaining: fields.coupon_available_count < 0 ? null : fields.coupon_available_count,
          used_here: false,
          used_at: null,
        }
      : null,
  };
}
