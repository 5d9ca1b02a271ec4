import { COUPON_CODE_TYPES, COUPON_DEFAULTS, type CouponDefaults } from './coupon-constants';
import { LIMITS } from './limits';

/** Wi-Fi welcome pages' constants and the rules the builder and server share; no zod (the reader imports them). */

export const WIFI_PAGE_LIMITS = {
  titleMax: 20,
  headerTextMax: 36,
  freeTextMax: 200,
  footerTextMax: 20,
  couponTextMax: 120,
  priceMax: 99_999_999,
  /** Not given by the spec: the channel's own bound on relation links. */
  relationLinksMax: 10,
  /** Not given by the spec: how many coupons one page may hand out (its price bound). */
  availableCountMax: 99_999_999,
  /** Pages or codes one call may name. */
  idsMax: 100,
  /** SSIDs the list shows per page before "+N more". */
  ssidShown: 3,
  /** SSID: 32 bytes (IEEE 802.11); the spec's "32 half-width alphanumerics". */
  ssidBytesMax: 32,
  /** WCAG 2 AA for normal text. */
  contrastMin: 4.5,
  /** Release dates come from the date picker: whole 10-minute steps. */
  releaseStepSeconds: 600,
} as const;

export const WIFI_PAGE_SIZE = LIMITS.pageSize;

/** Header type: text 1, image 2. */
export const WIFI_HEADER_TYPES = { text: 1, image: 2 } as const;
export type WifiHeaderType = (typeof WIFI_HEADER_TYPES)[keyof typeof WIFI_HEADER_TYPES];

/** A page's status: reserved until one of its profile links is released, then published. */
export const WIFI_PAGE_STATUS = { reserved: 1, published: 2 } as const;
export type WifiPageStatus = (typeof WIFI_PAGE_STATUS)[keyof typeof WIFI_PAGE_STATUS];

/** Unlimited coupons on a page (the library's "unlimited" value). */
export const WIFI_COUPON_UNLIMITED = -1;

/** The palettes of the builder: 5 common, 5 text, 5 background colours. */
export const WIFI_PALETTES = {
  common: ['#000000', '#ffffff', '#1f4e79', '#c00000', '#2e7d32'],
  text: ['#212121', '#3e2723', '#0d47a1', '#4a148c', '#1b5e20'],
  background: ['#fff8e1', '#e3f2fd', '#f1f8e9', '#fce4ec', '#f5f5f5'],
} as const;

export const WIFI_PAGE_DEFAULTS = { textColor: '#212121', backgroundColor: '#ffffff' } as const;

/** A page's coupon starts as the library's, for many guests: 10 %, 100 uses, no code to show. */
export const WIFI_COUPON_DEFAULTS: CouponDefaults = {
  ...COUPON_DEFAULTS,
  percent: 10,
  uses: 100,
  codeType: COUPON_CODE_TYPES.none,
};

// --- colour contrast (WCAG 2) and the SSID warning: the builder and the server judge alike ---

function channel(v: number): number {
  const s = v / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

/** The WCAG contrast ratio of two colours written #rrggbb (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/** Why an SSID may not show or join well: not ASCII, or longer than 32 bytes; null when fine. */
export function ssidWarning(ssid: string): 'not_ascii' | 'too_long' | null {
  if (new TextEncoder().encode(ssid).length > WIFI_PAGE_LIMITS.ssidBytesMax) return 'too_long';
  return /^[\x20-\x7e]*$/.test(ssid) ? null : 'not_ascii';
}
