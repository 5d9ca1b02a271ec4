/** Every URL of the product has one home: screens (web) and calls (API); calls about one channel in channel-paths.ts. */
export const paths = {
  home: '/',
  signup: '/auth/qrqrid/signup',
  signupSent: '/auth/qrqrid/signup/sent',
  activate: '/auth/qrqrid/activate',
  activateComplete: '/auth/qrqrid/activate/complete',
  signin: '/auth/qrqrid/signin',
  forgotRequest: '/auth/qrqrid/forgot/password/request',
  forgotSent: '/auth/qrqrid/forgot/password/sent',
  forgotReset: '/auth/qrqrid/forgot/password/reset',
  forgotComplete: '/auth/qrqrid/forgot/password/complete',
  changeEmailRequest: '/auth/qrqrid/change/email/request',
  changeEmailSent: '/auth/qrqrid/change/email/sent',
  changeEmailVerify: '/auth/qrqrid/change/email/verify',
  changeEmailComplete: '/auth/qrqrid/change/email/complete',
  changePassword: '/auth/qrqrid/change/password',
  changePasswordComplete: '/auth/qrqrid/change/password/complete',
  userInfo: '/auth/qrqrid/userinfo',
  unsubscribe: '/auth/qrqrid/unsubscribe',
  unsubscribeComplete: '/auth/qrqrid/unsubscribe/complete',
  qrList: '/qrcode/list',
  // The read log of one code; build addresses with qrAnalyticsPath(id).
  qrAnalytics: '/qrcode/analytics/:id',
  serviceNews: '/service/news',
  serviceTerms: '/service/terms',
  servicePrivacy: '/service/privacy',
  serviceAbout: '/service/about',
  // Channel service screens. Screens inside the channel layout carry ?channel_id=…[&view_mode=pc].
  channelRegister: '/qrchannel/register/',
  channelServiceRegister: '/qrchannel/service/register',
  channelHome: '/qrchannel/message/list',
  channelMessage: '/qrchannel/message',
  channelMessageCreate: '/qrchannel/message/create',
  channelCreate: '/qrchannel/channel/create',
  channelUpdate: '/qrchannel/channel/update',
  channelUsers: '/qrchannel/channel/navigate/users',
  channelTagList: '/qrchannel/tag/list',
  channelSendlistList: '/qrchannel/sendlist/list',
  channelSendlistCreate: '/qrchannel/sendlist/create',
  channelCouponList: '/qrchannel/coupon/list',
  channelCouponCreate: '/qrchannel/coupon/create',
  channelNews: '/qrchannel/news',
  channelWelcome: '/qrchannel/welcomemessage',
  channelWelcomeList: '/qrchannel/welcomemessage/list',
  channelWelcomeCreate: '/qrchannel/welcomemessage/create',
  channelAnalytics: '/qrchannel/analytics',
  // Wi-Fi welcome pages: the list is the home of the Wi-Fi service.
  wifiWelcome: '/qrwifi/welcomepage/',
  wifiHome: '/qrwifi/welcomepage/list',
  wifiWelcomeCreate: '/qrwifi/welcomepage/create',
  wifiAbout: '/qrwifi/about',
  // The data portal's information page (?source=welcomepage for the Wi-Fi ad).
  dataportalInfo: '/dataportalinfo',
  systemError: '/error',
  httpError: '/error/http',
} as const;

export const api = {
  session: '/api/session',
  health: '/api/health',
  signup: '/api/auth/qrqrid/signup',
  signin: '/api/auth/qrqrid/signin',
  signout: '/auth/qrqrid/signout',
  activate: '/api/auth/qrqrid/activate',
  activateCheck: '/api/auth/qrqrid/activate/check',
  forgotRequest: '/api/auth/qrqrid/forgot/password/request',
  forgotCheck: '/api/auth/qrqrid/forgot/password/check',
  forgotVerify: '/api/auth/qrqrid/forgot/password/verify',
  unsubscribe: '/api/auth/qrqrid/unsubscribe',
  userInfo: '/api/auth/qrqrid/userinfo',
  changeEmailRequest: '/api/auth/qrqrid/change/email/request',
  changeEmailVerify: '/api/auth/qrqrid/change/email/verify',
  changePassword: '/api/auth/qrqrid/change/password',
  // QR manager calls have no /api prefix.
  qrCreate: '/qrcode/create/',
  qrTitleUpdate: '/qrcode/titleUpdate/',
  qrRedirectUrlUpdate: '/qrcode/redirectUrlUpdate/',
  qrChangeWifiProfile: '/qrcode/changeWifiProfile/',
  qrDelete: '/qrcode/delete/',
  qrListData: '/qrcode/list/data',
  qrDownload: '/qrcode/download/',
  // Bulk calls (/qrcode/bulk/*) have their own map, bulkApi in qr-bulk-paths.ts.
  // Branded codes (issue 31): a code's design, a member's saved styles.
  qrDesign: '/qrcode/design/',
  qrStyles: '/api/qrcode/styles',
  // A logo picture of the member's own (POST multipart, field `image`), for a member without a channel
  // too; GET lists them. One of them: qrLogoPicturePath.
  qrLogoPicture: '/api/qrcode/logo',
  // Sharing: input, message and delete, plus invitation look-up and acceptance for a signed-in member.
  shareInput: '/qrcode/share/input',
  shareMessage: '/qrcode/share/getShareMessage/',
  shareDelete: '/qrcode/share/delete',
  shareInvitation: '/api/qrcode/share/invitation',
  shareAccept: '/api/qrcode/share/accept',
  qrAnalyticsUpdate: '/qrcode/analyticsUpdate/',
  // Read log of one code (analytics module): see analyticsPath.
  analyticsData: '/analytics/data/',
  analyticsGraph: '/analytics/graph/',
  analyticsCsv: '/analytics/csv/',
  news: '/api/news',
  // Channel service calls. Calls about one channel live under channelScope (see channelPath).
  channelServiceRegister: '/api/qrchannel/service/register',
  industries: '/api/qrchannel/industory',
  channels: '/api/qrchannel/channel',
  // The reader, our own scanning web app: resolves a scanned text.
  readerResolve: '/api/reader/resolve',
  // The channel page's public calls (followers module): `${readerChannel}/{channel_code}[/follow|/unfollow]`.
  readerChannel: '/api/reader/channel',
  // Coupons: the code preview (not about one channel); the library is under channelPath.
  couponCodePreview: '/api/qrchannel/coupon/qrcode/generate',
  // Wi-Fi welcome page calls: calls about one page use wifiPath.
  wifiImageUpload: '/api/qrwifi/image/upload',
  wifiPages: '/api/qrwifi/welcomepage/get',
  wifiPageSave: '/api/qrwifi/welcomepage/save',
  wifiPageDelete: '/api/qrwifi/welcomepage/delete',
  wifiCodePreview: '/api/qrwifi/welcomepage/qrcode/generate',
  wifiCodes: '/api/qrwifi/wifi/get',
  wifiProfileAdd: '/api/qrwifi/profile/add',
  wifiProfileUpdate: '/api/qrwifi/profile/update',
  wifiProfilePublish: '/api/qrwifi/profile/publish',
  wifiProfileDelete: '/api/qrwifi/profile/delete',
  // A download: a plain navigation, no /api prefix.
  wifiCsv: '/qrwifi/analytics/csv/get/',
  // The guest's page by its stable code (wifi module): readerWelcomePath.
  readerWelcome: '/api/reader/welcomepage',
} as const;

/** Calls about one Wi-Fi welcome page or the channel a page shows. */
export const wifiPath = {
  page: (pageId: PathId) => `${api.wifiPages}/${pageId}`,
  channel: (channelId: PathId) => `/api/qrwifi/welcomepage/channel/get/${channelId}`,
  couponImage: (pageId: PathId) => `/api/qrwifi/welcomepage/${pageId}/coupon/image/save`,
  /** The upload call with the channel the picture belongs to. */
  imageUpload: (channelId: PathId) => `${api.wifiImageUpload}?channel_id=${channelId}`,
  csv: (start: number, end: number) => `${api.wifiCsv}?start_date=${start}&end_date=${end}`,
} as const;

/** The guest's calls of a Wi-Fi welcome page, by its code (public, like the channel page's). */
export const readerWelcomePath = {
  page: (code: string) => `${api.readerWelcome}/${encodeURIComponent(code)}`,
  event: (code: string) => `${readerWelcomePath.page(code)}/event`,
  couponUse: (code: string) => `${readerWelcomePath.page(code)}/coupon/use`,
  /** PNG of the coupon's QR code or JAN barcode, for the device that used it. */
  couponCode: (code: string) => `${readerWelcomePath.page(code)}/coupon/code`,
} as const;

/** The reader's screen of a welcome page, `{PUBLIC_URL}/reader/w/{code}`: inside the reader's service worker scope. */
export const WELCOME_PAGE_PREFIX = '/reader/w/';

/** An id in a path: a number, or the server's `:param` when it registers the route. */
export type PathId = number | string;

/** The reader app's own page (the channel page /c/{code} is the same app). */
export const READER_PATH = '/reader';

/** The public page of a channel, which its QR code holds: `{PUBLIC_URL}/c/{channel_code}`. */
export const CHANNEL_PAGE_PREFIX = '/c/';

/** The channel page's public calls (followers module), by the channel's code. */
export const readerChannelPath = {
  page: (code: string) => `${api.readerChannel}/${encodeURIComponent(code)}`,
  follow: (code: string) => `${readerChannelPath.page(code)}/follow`,
  unfollow: (code: string) => `${readerChannelPath.page(code)}/unfollow`,
  /** The follower's inbox of this channel (?page=), newest first. */
  messages: (code: string) => `${readerChannelPath.page(code)}/messages`,
  /** One inbox item (`item_key`: message-{id} or welcome-{id}, inboxItemKey). */
  message: (code: string, itemKey: string) =>
    `${readerChannelPath.messages(code)}/${encodeURIComponent(itemKey)}`,
  /** POST: opens it (marks it read, adds its push_tag). */
  messageOpen: (code: string, itemKey: string, via?: 'push') =>
    `${readerChannelPath.message(code, itemKey)}/open${via ? `?via=${via}` : ''}`,
  /** POST: uses its coupon (adds push_coupon_use_tags; once 1 / unlimited -1 on the server). */
  messageCouponUse: (code: string, itemKey: string) => `${readerChannelPath.message(code, itemKey)}/coupon`,
  /** GET the used coupon's QR code or JAN barcode as PNG. */
  messageCouponCode: (code: string, itemKey: string) =>
    `${readerChannelPath.message(code, itemKey)}/coupon/code`,
} as const;

/** Web Push of the reader: GET the VAPID key; POST subscribe / unsubscribe with the PushSubscription JSON. */
export const readerPushPath = {
  key: '/api/reader/push',
  subscribe: '/api/reader/push/subscribe',
  unsubscribe: '/api/reader/push/unsubscribe',
} as const;

/** The reader's inbox across every channel this device follows (/reader). */
export const READER_INBOX_PATH = '/api/reader/inbox';

/** The read-log calls of one code: `/analytics/data/{id}/`, `/analytics/graph/{id}/`, `/analytics/csv/{id}/`. */
export const analyticsPath = {
  data: (id: string) => `${api.analyticsData}${encodeURIComponent(id)}/`,
  graph: (id: string) => `${api.analyticsGraph}${encodeURIComponent(id)}/`,
  csv: (id: string) => `${api.analyticsCsv}${encodeURIComponent(id)}/`,
} as const;

/** Where a redirect code points: `{PUBLIC_URL}/r/{code}`, which logs the read and redirects. */
export const REDIRECT_PREFIX = '/r/';

/** A path without its trailing slashes (`/` stays): a screen answers with and without one. */
const withoutSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

/**
 * Screens the web app serves, without trailing slash (some are published with one, e.g.
 * `/qrchannel/register/`); anything else gets the 404 page with HTTP status 404.
 */
/** One saved style (DELETE). */
export const qrStylePath = (id: number | string) => `/api/qrcode/styles/${id}`;

/** One logo picture of the member's own (DELETE). */
export const qrLogoPicturePath = (id: number | string) => `/api/qrcode/logo/${id}`;

export const SCREEN_PATHS: readonly string[] = Object.values(paths).map(withoutSlash);

/** The read-log page of one code. */
export const qrAnalyticsPath = (id: string) => `/qrcode/analytics/${encodeURIComponent(id)}`;

/** Screens with a parameter (`:id`) match any one path segment there. */
const SCREEN_PATTERNS = SCREEN_PATHS.filter((p) => p.includes('/:')).map(
  (p) => new RegExp(`^${p.replace(/\/:[A-Za-z_]+/g, '/[^/]+')}/?$`),
);

/** True for a path the web app shows a screen for (a trailing slash is ignored). */
export function isScreenPath(pathname: string): boolean {
  const bare = withoutSlash(pathname);
  return SCREEN_PATHS.includes(bare) || SCREEN_PATTERNS.some((re) => re.test(bare));
}
