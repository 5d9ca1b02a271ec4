import type { Locale } from '@qrqr/shared/limits';
import { ensureLanguage, i18n } from './i18n';

/**
 * Switches the interface language. The `lang` cookie tells the server which language to use for
 * rendered pages and mails, so it lives a year and is sent on every path.
 */
export async function switchLanguage(lng: Locale): Promise<void> {
  // biome-ignore lint/suspicious/noDocumentCookie: the server reads this plain cookie; no library needed.
  document.cookie = `lang=${lng}; path=/; max-age=31536000; samesite=lax`;
  await ensureLanguage(lng);
  document.documentElement.lang = lng;
  await i18n.changeLanguage(lng);
}

export function currentLocale(): Locale {
  return i18n.language === 'en' ? 'en' : 'ja';
}
