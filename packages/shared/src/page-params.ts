/** Page parameters the server renders into index.html (§2) and answers at GET /api/session. */
export interface FooterLinks {
  company: string;
  terms: string;
  privacy: string;
  news: string;
  faq: string;
  about: string;
  inquiry: string;
  blog: string;
}

export interface PageParams {
  userName: string;
  isGuest: boolean;
  isUserRegisteredChannelService: boolean;
  isAccountMenuVisible: boolean;
  QR_CHANNEL_REGISTER_URL: string;
  'DATAPORTAL.URL': string;
  REGISTER_URL: string;
  csrfToken: string;
  locale: 'ja' | 'en';
  footerLinks: FooterLinks;
  /** True when `/dev/mailbox` (outgoing mail, development only) answers this browser: loopback clients outside production, not behind a proxy. */
  devMailbox: boolean;
}
