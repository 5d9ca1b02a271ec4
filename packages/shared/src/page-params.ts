/** Page parameters the server renders into index.html and answers at GET /api/session. */
export const FOOTER_LINK_KEYS = [
  'company',
  'terms',
  'privacy',
  'news',
  'faq',
  'about',
  'inquiry',
  'blog',
] as const;

/** Footer addresses; only the configured ones are present. */
export type FooterLinks = Partial<Record<(typeof FOOTER_LINK_KEYS)[number], string>>;

export interface PageParams {
  userName: string;
  isGuest: boolean;
  isUserRegisteredChannelService: boolean;
  isAccountMenuVisible: boolean;
  QR_CHANNEL_REGISTER_URL: string;
  'DATAPORTAL.URL': string;
  /** The channel sidebar's "what is analytics": an external link. */
  'ANALYTICS_ABOUT.URL': string;
  REGISTER_URL: string;
  csrfToken: string;
  locale: 'ja' | 'en';
  footerLinks: FooterLinks;
  /** True when `/dev/mailbox` (outgoing mail, development only) answers this browser: loopback clients outside production, not behind a proxy. */
  devMailbox: boolean;
}
