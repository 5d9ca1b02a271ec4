import { useEffect } from 'react';
import { withoutMarks } from './phrase-breaks';
import { useTranslation } from './use-translation';

/**
 * Every screen names itself in the tab title ("<screen> | QRQR"), also for screen readers; without
 * the phrase marks of Firefox and WebKit (lib/phrase-breaks.ts), which a tab, a bookmark or a
 * history entry would show.
 */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation('common');
  const appName = t('app_name');
  useEffect(() => {
    document.title = withoutMarks(title ? `${title} | ${appName}` : appName);
  }, [title, appName]);
}
