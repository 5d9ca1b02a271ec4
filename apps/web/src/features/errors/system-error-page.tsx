import { Text } from '@mantine/core';
import { useTranslation } from '../../lib/use-translation';
import { ErrorScreen } from './components/error-screen';

/** The common system-error page; also what the error boundaries and failed screen loads show. */
export function SystemErrorPage() {
  const { t } = useTranslation('errors');
  return (
    <ErrorScreen title={t('system.title')}>
      <Text data-testid="system-error-text">{t('messages:errors.system')}</Text>
      <Text>{t('system.recreate_qr')}</Text>
    </ErrorScreen>
  );
}
