import { paths } from '@qrqr/shared/paths';

/**
 * Every lazily loaded screen of the app: its path and the module that renders it. The one home of
 * "which code does this URL need": the router loads the module (app/routes.tsx, through the
 * virtual module screen-modules.ts makes from this table), and the build writes each screen's
 * files into the build (screen-preloads.json) for the server to name them in the page it sends,
 * so a first visit fetches the whole screen at once. Plain data: vite.config.ts reads it.
 * The calls a screen's first paint waits for are declared with its queries, in
 * app/screen-first-calls.ts (the build's only, so every first visit does not load them).
 */

export type ScreenPath = (typeof paths)[keyof typeof paths];

export interface ScreenModule {
  /** The module under src/, without its extension. */
  module: string;
  /** Its named export that renders the screen. */
  component: string;
  /**
   * Namespaces of texts outside the language file every page loads (lib/i18n.ts screenFiles) that
   * its first paint waits for: fetched with its code, and named in the page by the server.
   */
  texts?: readonly string[];
}

export interface Screen extends ScreenModule {
  path: ScreenPath;
  /** Guests are sent to sign-in with `?next=` back to this screen. */
  signedIn?: boolean;
  /**
   * Inside the channel layout (signed in and registered for the channel service, which it checks):
   * 'channel' shows the channel logo, 'wifi' the Wi-Fi one (logo types 1 and 2).
   */
  area?: 'channel' | 'wifi';
  /** Inside the layout but usable before the member has a channel (create, news). */
  withoutChannel?: true;
  /**
   * A guest's first visit gets its HTML from the server (src/prerender.tsx), painted before the
   * scripts arrive and then hydrated: the pages strangers land on. Its first render must depend on
   * nothing but the path, the language and the guest's page parameters.
   */
  prerender?: true;
  /**
   * A signed-in member's first visit gets its HTML from the server, rendered with the answers of
   * its first calls (app/screen-first-calls.ts; src/prerender.tsx renderMember, apps/server/src/platform/page/member-paint.ts),
   * painted before the scripts arrive and then hydrated. The page stays inert until the app has
   * taken it over (lib/painted-page.ts), so a form's fields cannot be typed into before they work.
   */
  memberPaint?: true;
}

/** Namespaces of the channel area's screens, loaded by its layout route. */
export const CHANNEL_AREA_TEXTS = [
  'channels',
  'channel-settings',
  'tags',
  'followers',
  'sendlists',
  'coupons',
  'wifi',
] as const;

/** The channel area's layout route, around every screen with an `area`. */
export const channelLayout: ScreenModule = {
  module: 'app/routes/channel-root',
  component: 'ChannelRoot',
  texts: CHANNEL_AREA_TEXTS,
};

const auth = (file: string, component: string): ScreenModule => ({
  module: `features/auth/routes/${file}`,
  component,
  texts: ['auth'],
});
// The message list is the channel service's home and answers /qrchannel/message too.
const messageList: ScreenModule = {
  module: 'features/messages/routes/message-list-page',
  component: 'MessageListPage',
  texts: ['channel-messages'],
};

const welcomeList: ScreenModule = {
  module: 'features/welcomemessages/routes/welcome-list-page',
  component: 'WelcomeListPage',
  texts: ['channel-messages'],
};
const wifiList: ScreenModule = {
  module: 'features/wifi/routes/wifi-list-page',
  component: 'WifiListPage',
};

/** Keyed by the shared path map so a URL has one home. */
export const screens: Screen[] = [
  { path: paths.home, module: 'app/routes/top-page', component: 'TopPage', prerender: true },
  // Composed with the QR manager (does this browser hold codes to carry over?).
  { path: paths.signup, module: 'app/routes/signup-route', component: 'SignupRoute', texts: ['auth'] },
  { path: paths.signupSent, ...auth('signup-sent-page', 'SignupSentPage') },
  { path: paths.activate, ...auth('activate-page', 'ActivatePage') },
  { path: paths.activateComplete, ...auth('activate-complete-page', 'ActivateCompletePage') },
  { path: paths.signin, ...auth('signin-page', 'SigninPage'), prerender: true },
  { path: paths.forgotRequest, ...auth('forgot-request-page', 'ForgotRequestPage') },
  { path: paths.forgotSent, ...auth('forgot-sent-page', 'ForgotSentPage') },
  { path: paths.forgotReset, ...auth('forgot-reset-page', 'ForgotResetPage') },
  { path: paths.forgotComplete, ...auth('forgot-complete-page', 'ForgotCompletePage') },
  {
    path: paths.changeEmailRequest,
    ...auth('change-email-request-page', 'ChangeEmailRequestPage'),
    signedIn: true,
  },
  { path: paths.changeEmailSent, ...auth('change-email-sent-page', 'ChangeEmailSentPage'), signedIn: true },
  // Not guarded: the link may be opened signed out; the call's E-401 leads to sign-in and back.
  { path: paths.changeEmailVerify, ...auth('change-email-verify-page', 'ChangeEmailVerifyPage') },
  {
    path: paths.changeEmailComplete,
    ...auth('change-email-complete-page', 'ChangeEmailCompletePage'),
    signedIn: true,
  },
  { path: paths.changePassword, ...auth('change-password-page', 'ChangePasswordPage'), signedIn: true },
  {
    path: paths.changePasswordComplete,
    ...auth('change-password-complete-page', 'ChangePasswordCompletePage'),
    signedIn: true,
  },
  { path: paths.userInfo, ...auth('user-info-page', 'UserInfoPage'), signedIn: true },
  { path: paths.unsubscribe, ...auth('unsubscribe-page', 'UnsubscribePage'), signedIn: true },
  { path: paths.unsubscribeComplete, ...auth('unsubscribe-complete-page', 'UnsubscribeCompletePage') },
  {
    path: paths.qrList,
    module: 'features/qrcodes/routes/qr-list-page',
    component: 'QrListPage',
    texts: ['sharing', 'qrbulk'],
    signedIn: true,
    memberPaint: true,
  },
  // Guests see their own codes' logs (history cookie); the API answers 404 for anyone else's.
  {
    path: paths.qrAnalytics,
    module: 'app/routes/read-log-route',
    component: 'ReadLogRoute',
    texts: ['readlog', 'sharing'],
    memberPaint: true,
  },
  { path: paths.serviceNews, module: 'features/service/routes/news-page', component: 'NewsPage' },
  {
    path: paths.serviceTerms,
    module: 'features/service/routes/terms-page',
    component: 'TermsPage',
    texts: ['service'],
  },
  {
    path: paths.servicePrivacy,
    module: 'features/service/routes/privacy-page',
    component: 'PrivacyPage',
    texts: ['service'],
  },
  {
    path: paths.serviceAbout,
    module: 'features/service/routes/about-page',
    component: 'AboutPage',
    texts: ['service', 'credits'],
  },
  {
    path: paths.channelRegister,
    module: 'features/channels/routes/channel-register-page',
    component: 'ChannelRegisterPage',
    texts: ['channels'],
  },
  {
    path: paths.channelServiceRegister,
    module: 'features/channels/routes/service-register-page',
    component: 'ServiceRegisterPage',
    texts: ['channels'],
    signedIn: true,
  },
  // The channel area: one line per screen; a feature replaces its channelSoon line.
  { path: paths.channelHome, ...messageList, area: 'channel', memberPaint: true },
  { path: paths.channelMessage, ...messageList, area: 'channel', memberPaint: true },
  {
    path: paths.channelMessageCreate,
    module: 'features/messages/routes/message-edit-page',
    component: 'MessageEditPage',
    texts: ['channel-messages'],
    area: 'channel',
    memberPaint: true,
  },
  { path: paths.channelWelcome, ...welcomeList, area: 'channel', memberPaint: true },
  { path: paths.channelWelcomeList, ...welcomeList, area: 'channel', memberPaint: true },
  {
    path: paths.channelWelcomeCreate,
    module: 'features/welcomemessages/routes/welcome-edit-page',
    component: 'WelcomeEditPage',
    texts: ['channel-messages'],
    area: 'channel',
    memberPaint: true,
  },
  {
    path: paths.channelTagList,
    module: 'features/tags/routes/tag-list-page',
    component: 'TagListPage',
    area: 'channel',
    memberPaint: true,
  },
  // Followers with their tags, composed in app/routes.
  {
    path: paths.channelUsers,
    module: 'app/routes/channel-users-route',
    component: 'ChannelUsersRoute',
    area: 'channel',
    memberPaint: true,
  },
  {
    path: paths.channelSendlistList,
    module: 'features/sendlists/routes/sendlist-list-page',
    component: 'SendlistListPage',
    area: 'channel',
    memberPaint: true,
  },
  {
    path: paths.channelSendlistCreate,
    module: 'features/sendlists/routes/sendlist-edit-page',
    component: 'SendlistEditPage',
    area: 'channel',
    memberPaint: true,
  },
  {
    path: paths.channelAnalytics,
    module: 'features/chanalytics/routes/channel-analytics-page',
    component: 'ChannelAnalyticsPage',
    texts: ['channel-analytics', 'readlog', 'channel-messages'],
    area: 'channel',
    memberPaint: true,
  },
  {
    path: paths.channelCouponList,
    module: 'features/coupons/routes/coupon-list-page',
    component: 'CouponListPage',
    area: 'channel',
    memberPaint: true,
  },
  {
    path: paths.channelCouponCreate,
    module: 'features/coupons/routes/coupon-create-page',
    component: 'CouponCreatePage',
    area: 'channel',
    memberPaint: true,
  },
  {
    path: paths.channelUpdate,
    module: 'features/channel-settings/routes/channel-settings-page',
    component: 'ChannelSettingsPage',
    area: 'channel',
    memberPaint: true,
  },
  {
    path: paths.channelCreate,
    module: 'features/channels/routes/channel-create-page',
    component: 'ChannelCreatePage',
    area: 'channel',
    withoutChannel: true,
    memberPaint: true,
  },
  {
    path: paths.channelNews,
    module: 'app/routes/channel-news-route',
    component: 'ChannelNewsRoute',
    area: 'channel',
    withoutChannel: true,
    memberPaint: true,
  },
  // Wi-Fi welcome pages: the list is the home of the Wi-Fi service.
  { path: paths.wifiWelcome, ...wifiList, area: 'wifi', memberPaint: true },
  { path: paths.wifiHome, ...wifiList, area: 'wifi', memberPaint: true },
  {
    path: paths.wifiWelcomeCreate,
    module: 'features/wifi/routes/wifi-create-page',
    component: 'WifiCreatePage',
    area: 'wifi',
    memberPaint: true,
  },
  {
    path: paths.dataportalInfo,
    module: 'features/wifi/routes/wifi-info-pages',
    component: 'DataPortalInfoPage',
    texts: ['wifi'],
  },
  {
    path: paths.wifiAbout,
    module: 'features/wifi/routes/wifi-info-pages',
    component: 'WifiAboutPage',
    texts: ['wifi'],
  },
  { path: paths.httpError, module: 'features/errors/http-error-page', component: 'HttpErrorPage' },
];
