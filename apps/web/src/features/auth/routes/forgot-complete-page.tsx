import { Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { useTranslation } from '../../../lib/use-translation';
import { AuthCard } from '../components/auth-card';

export function ForgotCompletePage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('forgot_complete.title')}>
      <Text data-testid="forgot-complete">{t('forgot_complete.body')}</Text>
      <ButtonLink href={paths.signin}>{t('forgot_complete.to_signin')}</ButtonLink>
    </AuthCard>
  );
}
