/** Limits and constants of the product that both the server and the forms enforce. */
export const LIMITS = {
  passwordMin: 6,
  passwordMax: 255,
  userNameMin: 1,
  userNameMax: 255,
  companyNameMax: 255,
  emailMax: 254,
  /** Displayed user name is cut to this many characters plus an ellipsis. */
  nameTruncation: 7,
  pageSize: 20,
  paginationButtons: 3,
} as const;

/** How long one-time links in mails stay valid, in hours. */
export const LINK_LIFETIME_HOURS = {
  activation: 24,
  passwordReset: 1,
  emailChange: 24,
} as const;

export const LOCALES = ['ja', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ja';

export function toLocale(value: unknown): Locale {
  return typeof value === 'string' && value.toLowerCase().startsWith('en') ? 'en' : 'ja';
}
