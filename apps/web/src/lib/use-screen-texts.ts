import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureScreenTexts } from './i18n';

/**
 * True once a screen's own namespace is loaded in the current language (and again after a
 * language switch); the screen shows its loading state until then.
 */
export function useScreenTexts(ns: string | readonly string[]): boolean {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const list = typeof ns === 'string' ? [ns] : ns;
  const key = list.join(',');
  const all = () => list.every((n) => i18n.hasResourceBundle(lng, n));
  const [loaded, setLoaded] = useState(all);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the list's contents.
  useEffect(() => {
    let live = true;
    if (all()) setLoaded(true);
    else {
      setLoaded(false);
      void Promise.all(list.map((n) => ensureScreenTexts(n, lng))).then(() => live && setLoaded(true));
    }
    return () => {
      live = false;
    };
  }, [i18n, lng, key]);
  return loaded;
}
