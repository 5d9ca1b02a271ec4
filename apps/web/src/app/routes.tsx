import { paths } from '@qrqr/shared';
import type { ComponentType, LazyExoticComponent } from 'react';
import { SystemErrorPage } from '../features/errors/system-error-page';
import { lazyScreen } from '../lib/lazy-screen';
import { lazyWithTimeout } from '../lib/lazy-with-timeout';

type ScreenPath = (typeof paths)[keyof typeof paths];

export interface ScreenRoute {
  path: ScreenPath;
  Component: LazyExoticComponent<ComponentType> | ComponentType;
  /** Guests are sent to sign-in with `?next=` back to this screen. */
  signedIn?: boolean;
  /**
   * Inside the channel layout (signed in and registered for the channel service, which it checks):
   * 'channel' shows the channel logo, 'wifi' the Wi-Fi one (§2 logo types 1 and 2).
   */
  area?: 'channel' | 'wifi';
  /** Inside the layout but usable before the member has a channel (create, news). */
  withoutChannel?: true;
}

/** What the channel layout reads from the matched route. */
export interface ChannelRouteHandle {
  logoType: 1 | 2;
  needsChannel: boolean;
}

// One chunk per screen; feature modules use named exports, so each loader picks its component.
const top = lazyWithTimeout(() => import('./routes/top-page').then((m) => ({ default: m.TopPage })));
const qrList = lazyWithTimeout(() =>
  import('../features/qrcodes/routes/qr-list-page').then((m) => ({ default: m.QrListPage })),
);
const readLog = lazyWithTimeout(() =>
  import('./routes/read-log-route').then((m) => ({ default: m.ReadLogRoute })),
);
const service = {
  news: lazyWithTimeout(() =>
    import('../features/service/routes/news-page').then((m) => ({ default: m.NewsPage })),
  ),
  terms: lazyWithTimeout(() =>
    import('../features/service/routes/terms-page').then((m) => ({ default: m.TermsPage })),
  ),
  about: lazyWithTimeout(() =>
    import('../features/service/routes/about-page').then((m) => ({ default: m.AboutPage })),
  ),
};
const auth = {
  // Composed with the QR manager (does this browser hold codes to carry over?).
  signup: lazyWithTimeout(() => import('./routes/signup-route').then((m) => ({ default: m.SignupRoute }))),
  signupSent: lazyWithTimeout(() =>
    import('../features/auth/routes/signup-sent-page').then((m) => ({ default: m.SignupSentPage })),
  ),
  activate: lazyWithTimeout(() =>
    import('../features/auth/routes/activate-page').then((m) => ({ default: m.ActivatePage })),
  ),
  activateComplete: lazyWithTimeout(() =>
    import('../features/auth/routes/activate-complete-page').then((m) => ({
      default: m.ActivateCompletePage,
    })),
  ),
  signin: lazyWithTimeout(() =>
    import('../features/auth/routes/signin-page').then((m) => ({ default: m.SigninPage })),
  ),
  forgotRequest: lazyWithTimeout(() =>
    import('../features/auth/routes/forgot-request-page').then((m) => ({ default: m.ForgotRequestPage })),
  ),
  forgotSent: lazyWithTimeout(() =>
    import('../features/auth/routes/forgot-sent-page').then((m) => ({ default: m.ForgotSentPage })),
  ),
  forgotReset: lazyWithTimeout(() =>
    import('../features/auth/routes/forgot-reset-page').then((m) => ({ default: m.ForgotResetPage })),
  ),
  forgotComplete: lazyWithTimeout(() =>
    import('../features/auth/routes/forgot-complete-page').then((m) => ({ default: m.ForgotCompletePage })),
  ),
  changeEmailRequest: lazyWithTimeout(() =>
    import('../features/auth/routes/change-email-request-page').then((m) => ({
      default: m.ChangeEmailRequestPage,
    })),
  ),
  changeEmailSent: lazyWithTimeout(() =>
    import('../features/auth/routes/change-email-sent-page').then((m) => ({
      default: m.ChangeEmailSentPage,
    })),
  ),
  changeEmailVerify: lazyWithTimeout(() =>
    import('../features/auth/routes/change-email-verify-page').then((m) => ({
      default: m.ChangeEmailVerifyPage,
    })),
  ),
  changeEmailComplete: lazyWithTimeout(() =>
    import('../features/auth/routes/change-email-complete-page').then((m) => ({
      default: m.ChangeEmailCompletePage,
    })),
  ),
  changePassword: lazyWithTimeout(() =>
    import('../features/auth/routes/change-password-page').then((m) => ({ default: m.ChangePasswordPage })),
  ),
  changePasswordComplete: lazyWithTimeout(() =>
    import('../features/auth/routes/change-password-complete-page').then((m) => ({
      default: m.ChangePasswordCompletePage,
    })),
  ),
  userInfo: lazyWithTimeout(() =>
    import('../features/auth/routes/user-info-page').then((m) => ({ default: m.UserInfoPage })),
  ),
  unsubscribe: lazyWithTimeout(() =>
    import('../features/auth/routes/unsubscribe-page').then((m) => ({ default: m.UnsubscribePage })),
  ),
  unsubscribeComplete: lazyWithTimeout(() =>
    import('../features/auth/routes/unsubscribe-complete-page').then((m) => ({
      default: m.UnsubscribeCompletePage,
    })),
  ),
};
const sendlists = {
  list: lazyScreen(() => import('../features/sendlists/routes/sendlist-list-page'), 'SendlistListPage'),
  edit: lazyScreen(() => import('../features/sendlists/routes/sendlist-edit-page'), 'SendlistEditPage'),
};
const channelSettings = lazyScreen(
  () => import('../features/channel-settings/routes/channel-settings-page'),
  'ChannelSettingsPage',
);
// Channel screens of later issues, and those being built, until their own screens land.
const channelSoon = lazyScreen(
  () => import('../features/channels/routes/channel-coming-soon-page'),
  'ChannelComingSoonPage',
);
const coupons = {
  list: lazyScreen(() => import('../features/coupons/routes/coupon-list-page'), 'CouponListPage'),
  create: lazyScreen(() => import('../features/coupons/routes/coupon-create-page'), 'CouponCreatePage'),
};
// Tags and followers (issue 9); the users screen composes followers with tags in app/routes.
const tagList = lazyScreen(() => import('../features/tags/routes/tag-list-page'), 'TagListPage');
const channelUsers = lazyScreen(() => import('./routes/channel-users-route'), 'ChannelUsersRoute');
const channels = {
  register: lazyScreen(
    () => import('../features/channels/routes/channel-register-page'),
    'ChannelRegisterPage',
  ),
  serviceRegister: lazyScreen(
    () => import('../features/channels/routes/service-register-page'),
    'ServiceRegisterPage',
  ),
  create: lazyScreen(() => import('../features/channels/routes/channel-create-page'), 'ChannelCreatePage'),
  news: lazyScreen(() => import('./routes/channel-news-route'), 'ChannelNewsRoute'),
};
const httpError = lazyWithTimeout(() =>
  import('../features/errors/http-error-page').then((m) => ({ default: m.HttpErrorPage })),
);

/** Every screen of the app, keyed by the shared path map so a URL has one home. */
export const screens: ScreenRoute[] = [
  { path: paths.home, Component: top },
  { path: paths.signup, Component: auth.signup },
  { path: paths.signupSent, Component: auth.signupSent },
  { path: paths.activate, Component: auth.activate },
  { path: paths.activateComplete, Component: auth.activateComplete },
  { path: paths.signin, Component: auth.signin },
  { path: paths.forgotRequest, Component: auth.forgotRequest },
  { path: paths.forgotSent, Component: auth.forgotSent },
  { path: paths.forgotReset, Component: auth.forgotReset },
  { path: paths.forgotComplete, Component: auth.forgotComplete },
  { path: paths.changeEmailRequest, Component: auth.changeEmailRequest, signedIn: true },
  { path: paths.changeEmailSent, Component: auth.changeEmailSent, signedIn: true },
  // Not guarded: the link may be opened signed out; the call's E-401 leads to sign-in and back.
  { path: paths.changeEmailVerify, Component: auth.changeEmailVerify },
  { path: paths.changeEmailComplete, Component: auth.changeEmailComplete, signedIn: true },
  { path: paths.changePassword, Component: auth.changePassword, signedIn: true },
  { path: paths.changePasswordComplete, Component: auth.changePasswordComplete, signedIn: true },
  { path: paths.userInfo, Component: auth.userInfo, signedIn: true },
  { path: paths.unsubscribe, Component: auth.unsubscribe, signedIn: true },
  { path: paths.unsubscribeComplete, Component: auth.unsubscribeComplete },
  { path: paths.qrList, Component: qrList, signedIn: true },
  // Guests see their own codes' logs (history cookie); the API answers 404 for anyone else's.
  { path: paths.qrAnalytics, Component: readLog },
  { path: paths.serviceNews, Component: service.news },
  { path: paths.serviceTerms, Component: service.terms },
  { path: paths.serviceAbout, Component: service.about },
  { path: paths.channelRegister, Component: channels.register },
  { path: paths.channelServiceRegister, Component: channels.serviceRegister, signedIn: true },
  // The channel area (issue 9): one line per screen; a feature replaces its channelSoon line.
  { path: paths.channelHome, Component: channelSoon, area: 'channel' },
  { path: paths.channelMessage, Component: channelSoon, area: 'channel' },
  { path: paths.channelMessageCreate, Component: channelSoon, area: 'channel' },
  { path: paths.channelWelcome, Component: channelSoon, area: 'channel' },
  { path: paths.channelWelcomeList, Component: channelSoon, area: 'channel' },
  { path: paths.channelWelcomeCreate, Component: channelSoon, area: 'channel' },
  { path: paths.channelTagList, Component: tagList, area: 'channel' },
  { path: paths.channelUsers, Component: channelUsers, area: 'channel' },
  { path: paths.channelSendlistList, Component: sendlists.list, area: 'channel' },
  { path: paths.channelSendlistCreate, Component: sendlists.edit, area: 'channel' },
  { path: paths.channelCouponList, Component: coupons.list, area: 'channel' },
  { path: paths.channelCouponCreate, Component: coupons.create, area: 'channel' },
  { path: paths.channelUpdate, Component: channelSettings, area: 'channel' },
  { path: paths.channelCreate, Component: channels.create, area: 'channel', withoutChannel: true },
  { path: paths.channelNews, Component: channels.news, area: 'channel', withoutChannel: true },
  { path: paths.wifiWelcome, Component: channelSoon, area: 'wifi' },
  { path: paths.wifiHome, Component: channelSoon, area: 'wifi' },
  { path: paths.wifiWelcomeCreate, Component: channelSoon, area: 'wifi' },
  { path: paths.systemError, Component: SystemErrorPage },
  { path: paths.httpError, Component: httpError },
];
