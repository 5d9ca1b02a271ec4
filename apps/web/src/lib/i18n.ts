import { DEFAULT_LOCALE, type Locale, toLocale } from '@qrqr/shared/limits';
import type { AbTestMessages, CoreMessages } from '@qrqr/shared/messages';
import type { DesignMessages } from '@qrqr/shared/messages/ja-design';
import type { ServiceMessages } from '@qrqr/shared/messages/ja-services';
import { readCookie } from './csrf';
import { phraseBreaksFor } from './phrase-breaks';
import { Translator } from './translator';
import { setAppTranslator } from './use-translation';

type Resources = Record<string, Record<string, unknown>>;

// Only the active language's texts are fetched: each locales/<lng>/<namespace>.json is its own
// import, and vite.config.ts groups one language's files into one chunk.
// reader.json belongs to the reader's own light app (src/reader), not to this one.
const files = import.meta.glob<Record<string, unknown>>(
  [
    '../locales/*/*.json',
    '!../locales/*/reader.json',
    // import.meta.glob takes literal patterns only: the same list as screenFiles below.
    '!../locales/*/readlog.json',
    '!../locales/*/sharing.json',
    '!../locales/*/credits.json',
    '!../locales/*/auth.json',
    '!../locales/*/service.json',
    '!../locales/*/channels.json',
    '!../locales/*/channel-settings.json',
    '!../locales/*/tags.json',
    '!../locales/*/followers.json',
    '!../locales/*/sendlists.json',
    '!../locales/*/coupons.json',
    '!../locales/*/channel-messages.json',
    '!../locales/*/wifi.json',
    '!../locales/*/channel-analytics.json',
    '!../locales/*/qrdesign.json',
    '!../locales/*/qrbulk.json',
  ],
  { import: 'default' },
);
// Texts the top page does not need load with their screens (app/screens.ts `texts`, again after a
// language switch): the read log's, the account screens', the service pages' and their data
// credits, and the channel area's screens (the channel layout's CHANNEL_AREA_TEXTS).
const screenFiles = import.meta.glob<Record<string, unknown>>(
  [
    '../locales/*/readlog.json',
    '../locales/*/sharing.json',
    '../locales/*/credits.json',
    '../locales/*/auth.json',
    '../locales/*/service.json',
    '../locales/*/channels.json',
    '../locales/*/channel-settings.json',
    '../locales/*/tags.json',
    '../locales/*/followers.json',
    '../locales/*/sendlists.json',
    '../locales/*/coupons.json',
    '../locales/*/channel-messages.json',
    '../locales/*/wifi.json',
    '../locales/*/channel-analytics.json',
    '../locales/*/qrdesign.json',
    '../locales/*/qrbulk.json',
  ],
  { import: 'default' },
);

/** The app's texts; the language is set by setupI18n before the first render. */
const i18n = new Translator(DEFAULT_LOCALE);
setAppTranslator(i18n);

// The server's messages (validation, result codes) of one language, fetched with its texts; the
// build marks their Japanese phrases as it does the locales' (phrase-breaks.ts beside vite.config.ts).
const messageFiles: Record<Locale, () => Promise<CoreMessages>> = {
  ja: () => import('@qrqr/shared/messages/ja').then((m) => m.ja),
  en: () => import('@qrqr/shared/messages/en').then((m) => m.en),
};
// The server's texts only the channel service and Wi-Fi pages need travel in the channel texts'
// file (chunk-groups.ts) and join the "messages" namespace when the channel area's texts load.
const serviceMessageFiles: Record<Locale, () => Promise<ServiceMessages>> = {
  ja: () => import('@qrqr/shared/messages/ja-services').then((m) => m.jaServices),
  en: () => import('@qrqr/shared/messages/en-services').then((m) => m.enServices),
};
const SERVICE_TEXTS_WITH = 'channels';
// The design panel's server texts (its refusals, the saved styles') likewise join "messages" with
// the panel's own texts (`qrdesign`), in their file.
const designMessageFiles: Record<Locale, () => Promise<DesignMessages>> = {
  ja: () => import('@qrqr/shared/messages/ja-design').then((m) => m.jaDesign),
  en: () => import('@qrqr/shared/messages/en-design').then((m) => m.enDesign),
};
const DESIGN_TEXTS = 'qrdesign';
// The A/B tests' server texts (their refusals, the operator's pick) join "messages" with the
// message screens' texts (the editors' and channel analytics', which shows the tests' results).
const abTestMessageFiles: Record<Locale, () => Promise<AbTestMessages>> = {
  ja: () => import('@qrqr/shared/messages/ja-ab-tests').then((m) => m.jaAbTests),
  en: () => import('@qrqr/shared/messages/en-ab-tests').then((m) => m.enAbTests),
};
const AB_TEST_TEXTS = 'channel-messages';

async function loadResources(lng: Locale): Promise<Resources> {
  const resources: Resources = {
    messages: phraseBreaksFor((await messageFiles[lng]()) as Record<string, unknown>),
  };
  const loads = Object.entries(files).map(async ([file, load]) => {
    const match = /\/locales\/(ja|en)\/([\w-]+)\.json$/.exec(file);
    if (match?.[1] === lng) resources[match[2] as string] = phraseBreaksFor(await load());
  });
  await Promise.all(loads);
  return resources;
}

/** Fetches a screen's own namespace in a language once (see screenFiles). */
export async function ensureScreenTexts(ns: string, lng: string): Promise<void> {
  if (i18n.hasResourceBundle(lng, ns)) return;
  const load = screenFiles[`../locales/${lng}/${ns}.json`];
  if (ns === SERVICE_TEXTS_WITH) {
    const services = await serviceMessageFiles[lng as Locale]?.();
    if (services) i18n.addResourceBundle(lng, 'messages', phraseBreaksFor(services), true);
  }
  if (ns === DESIGN_TEXTS) {
    const design = await designMessageFiles[lng as Locale]?.();
    if (design) i18n.addResourceBundle(lng, 'messages', phraseBreaksFor(design), true);
  }
  if (ns === AB_TEST_TEXTS) {
    const abTests = await abTestMessageFiles[lng as Locale]?.();
    if (abTests) i18n.addResourceBundle(lng, 'messages', phraseBreaksFor(abTests), true);
  }
  if (load) i18n.addResourceBundle(lng, ns, phraseBreaksFor(await load()));
}

/** Fetches a language's texts once, before the interface shows it. */
export async function ensureLanguage(lng: Locale): Promise<void> {
  if (i18n.hasResourceBundle(lng, 'common')) return;
  const resources = await loadResources(lng);
  for (const [ns, content] of Object.entries(resources)) i18n.addResourceBundle(lng, ns, content);
}

/** The server's answer wins (it read the same cookie); otherwise the cookie; otherwise Japanese. */
export function initialLocale(serverLocale?: string): Locale {
  if (serverLocale) return toLocale(serverLocale);
  const cookie = readCookie('lang');
  return cookie ? toLocale(cookie) : DEFAULT_LOCALE;
}

export async function setupI18n(lng: Locale): Promise<Translator> {
  addAll({ [lng]: await loadResources(lng) });
  await i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
  return i18n;
}

/**
 * Every language with every namespace, screens' too: the server's first paint of guest screens
 * (prerender.tsx) renders any of them in either language.
 */
export async function setupAllTexts(languages: readonly Locale[]): Promise<Translator> {
  const resources: Record<string, Resources> = {};
  for (const lng of languages) {
    const texts = await loadResources(lng);
    for (const [file, load] of Object.entries(screenFiles)) {
      const match = /\/locales\/(ja|en)\/([\w-]+)\.json$/.exec(file);
      if (match?.[1] === lng) texts[match[2] as string] = await load();
    }
    const services = (await serviceMessageFiles[lng]()) as Record<string, Record<string, unknown>>;
    const design = (await designMessageFiles[lng]()) as Record<string, Record<string, unknown>>;
    const abTests = (await abTestMessageFiles[lng]()) as Record<string, Record<string, unknown>>;
    const core = texts.messages as Record<string, Record<string, unknown>>;
    for (const more of [services, design, abTests])
      for (const [group, extra] of Object.entries(more)) core[group] = { ...core[group], ...extra };
    resources[lng] = texts;
  }
  addAll(resources);
  return i18n;
}

function addAll(resources: Record<string, Resources>): void {
  for (const [lng, namespaces] of Object.entries(resources))
    for (const [ns, texts] of Object.entries(namespaces)) i18n.addResourceBundle(lng, ns, texts);
}

export { i18n };
