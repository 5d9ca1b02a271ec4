import { useEffect, useState } from 'react';
import { ensureScreenTexts } from './i18n';
import { pageLeaving } from './page-leaving';
import { useTranslation } from './use-translation';

/**
 * True once a screen's own namespace is loaded in the current language (and again after a
 * language switch); the screen shows its loading state until then. Texts that fail to load fail
 * the screen (its error boundary), unless the page is being left, which cancels them.
 */
export function useScreenTexts(ns: string | readonly string[]): boolean {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const list = typeof ns === 'string' ? [ns] : ns;
  const key = list.join(',');
  const all = () => list.every((n) => i18n.hasResourceBundle(lng, n));
  const [loaded, setLoaded] = useState(all);
  const [failed, setFailed] = useState<{ error: unknown }>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the list's contents.
  useEffect(() => {
    let live = true;
    if (all()) setLoaded(true);
    else {
      setLoaded(false);
      Promise.all(list.map((n) => ensureScreenTexts(n, lng))).then(
        () => live && setLoaded(true),
        (error: unknown) => live && !pageLeaving() && setFailed({ error }),
      );
    }
    return () => {
      live = false;
    };
  }, [i18n, lng, key]);
  if (failed) throw failed.error;
  return loaded;
}
