/** Codes and limits of the QR manager, shared by server, forms and renderer. */

/** Tabs of the create form. */
export const QR_TABS = { url: 0, text: 1, wifi: 2, channel: 3, bookmarklet: 4 } as const;
export type QrTab = (typeof QR_TABS)[keyof typeof QR_TABS];

/** Access analysis chosen at creation. */
export const ANALYSIS_TYPES = { none: 0, redirect: 1, secret: 2 } as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[keyof typeof ANALYSIS_TYPES];

/** QR types: a plain code and a framed Wi-Fi profile code. */
export const QR_TYPES = { normal: 1, wifi: 3 } as const;
export type QrType = (typeof QR_TYPES)[keyof typeof QR_TYPES];

/** Tabs of the member's list. */
export const LIST_TABS = { all: 1, shared: 2 } as const;

/** `type` of GET /qrcode/download/. */
export const IMAGE_FORMATS = { png: 1, jpeg: 2, eps: 3, svg: 4 } as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[keyof typeof IMAGE_FORMATS];

/** Wi-Fi security as written in the standard `WIFI:T:` field; WPA covers WPA, WPA2 and WPA3. */
export const WIFI_ENCRYPTIONS = ['WPA', 'WEP', 'nopass'] as const;
export type WifiEncryption = (typeof WIFI_ENCRYPTIONS)[number];

export const QR_LIMITS = {
  /** Version 40-M in byte mode holds 2331 bytes: the limit of every code's content. */
  contentBytes: 2331,
  /** What the database column holds. */
  databaseText: 65535,
  titleMax: 255,
  urlMax: 2331,
  /** Management name: up to 32 full-width characters, never shown to visitors. */
  wifiNameMax: 32,
  ssidMax: 32,
  wifiPasswordMax: 255,
  /** Longest expiry a profile may have, in hours (one year). */
  wifiExpireHoursMax: 8760,
  /** Secret codes carry this many random bytes. */
  secretBytes: 9,
} as const;

/** Image options of the download dialog and GET /qrcode/download/. */
export const IMAGE_OPTIONS = {
  defaultDpi: 300,
  minDpi: 72,
  maxDpi: 2400,
  previewCellSize: 10,
  defaultCellSize: 10,
  minCellSize: 1,
  maxCellSize: 50,
  defaultMargin: 4,
  minMargin: 0,
  maxMargin: 20,
  mmPerInch: 25.4,
  /** Longest side of a downloaded image in pixels, quiet zone included (the server refuses more). */
  maxImagePixels: 10000,
} as const;

/** How long a guest's cookie history lives by default, in days. */
export const GUEST_HISTORY_DEFAULT_DAYS = 1;
