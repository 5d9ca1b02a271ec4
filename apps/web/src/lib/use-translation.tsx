import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { TFunction, Translator } from './translator';

const TranslatorContext = createContext<Translator | null>(null);

/** The texts a tree renders with: the app's one translator, or a server render's language. */
export function TranslatorProvider({
  translator,
  children,
}: {
  translator: Translator;
  children: ReactNode;
}) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

let appTranslator: Translator | undefined;

/** The translator of components outside any provider: the browser app's (lib/i18n.ts). */
export function setAppTranslator(translator: Translator): void {
  appTranslator = translator;
}

/**
 * A component's `t` for its namespaces (named like react-i18next's, so
 * scripts/check-locales.mjs checks every key it uses) and the translator itself as `i18n`. The
 * component renders again when the language changes.
 */
export function useTranslation(
  ns?: string | readonly string[],
  options?: { keyPrefix?: string },
): { t: TFunction; i18n: Translator } {
  const translator = useContext(TranslatorContext) ?? appTranslator;
  if (!translator) throw new Error('useTranslation before the texts were set up (lib/i18n.ts)');
  // Subscribed to the language: a change renders again, and fixedT then gives its texts.
  useSyncExternalStore(
    (listener) => translator.subscribe(listener),
    () => translator.language,
    () => translator.language,
  );
  const namespaces = ns === undefined ? ['common'] : typeof ns === 'string' ? [ns] : ns;
  return { t: translator.fixedT(namespaces, options?.keyPrefix), i18n: translator };
}
