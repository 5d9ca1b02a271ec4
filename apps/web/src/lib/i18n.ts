import { DEFAULT_LOCALE, type Locale, messages, toLocale } from '@qrqr/shared';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie } from './csrf';

type Resources = Record<string, Record<string, unknown>>;

// Every locales/<lng>/<namespace>.json is bundled: the texts are small and a language switch
// must not wait for the network.
const files = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});

function buildResources(): Record<Locale, Resources> {
  const resources: Record<Locale, Resources> = {
    ja: { messages: messages.ja },
    en: { messages: messages.en },
  };
  for (const [file, content] of Object.entries(files)) {
    const match = /\/locales\/(ja|en)\/([\w-]+)\.json$/.exec(file);
    if (match) resources[match[1] as Locale][match[2] as string] = content;
  }
  return resources;
}

/** The server's answer wins (it read the same cookie); otherwise the cookie; otherwise Japanese. */
export function initialLocale(serverLocale?: string): Locale {
  if (serverLocale) return toLocale(serverLocale);
  const cookie = readCookie('lang');
  return cookie ? toLocale(cookie) : DEFAULT_LOCALE;
}

export function setupI18n(lng: Locale): typeof i18n {
  void i18n.use(initReactI18next).init({
    resources: buildResources(),
    lng,
    fallbackLng: DEFAULT_LOCALE,
    defaultNS: 'common',
    ns: ['common', 'auth', 'errors', 'home', 'qrcode', 'service', 'messages'],
    // React escapes text already.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  return i18n;
}

export { i18n };
