import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureScreenTexts } from './i18n';

/**
 * True once a screen's own namespace is loaded in the current language (and again after a
 * language switch); the screen shows its loading state until then.
 */
export function useScreenTexts(ns: string): boolean {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const [loaded, setLoaded] = useState(() => i18n.hasResourceBundle(lng, ns));
  useEffect(() => {
    let live = true;
    if (i18n.hasResourceBundle(lng, ns)) setLoaded(true);
    else {
      setLoaded(false);
      void ensureScreenTexts(ns, lng).then(() => live && setLoaded(true));
    }
    return () => {
      live = false;
    };
  }, [i18n, lng, ns]);
  return loaded;
}
