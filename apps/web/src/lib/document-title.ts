import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Every screen names itself in the tab title ("<screen> | QRQR"), also for screen readers. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation('common');
  const appName = t('app_name');
  useEffect(() => {
    document.title = title ? `${title} | ${appName}` : appName;
  }, [title, appName]);
}
