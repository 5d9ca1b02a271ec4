import { Text } from '@mantine/core';
import { useTranslation } from '../../lib/use-translation';
import { ErrorScreen } from './components/error-screen';

/** The 404 page: the page moved or was deleted; check the URL or start from the top page. */
export function NotFoundPage() {
  const { t } = useTranslation('errors');
  return (
    <ErrorScreen badge="404" title={t('not_found.title')}>
      <Text>{t('not_found.body')}</Text>
      <Text>{t('not_found.hint')}</Text>
    </ErrorScreen>
  );
}
