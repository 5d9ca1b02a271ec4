import { readerPageTitle } from '@qrqr/shared/messages/reader-title';
import { useEffect } from 'preact/hooks';
import { useTranslation } from './i18n';

/**
 * Keeps the tab's title as the server wrote it: the page's own name (a channel's) before the
 * reader's, in the language the visitor reads. Each page calls it once for itself.
 */
export function usePageTitle(name: string | null): void {
  const { lang } = useTranslation('reader');
  useEffect(() => {
    document.title = readerPageTitle(lang, name);
  }, [lang, name]);
}
