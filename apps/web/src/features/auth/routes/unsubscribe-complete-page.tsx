import { Stack, Text } from '@mantine/core';
import { paths } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { AuthCard } from '../components/auth-card';

export function UnsubscribeCompletePage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('unsubscribe_complete.title')}>
      <Stack gap="sm" data-testid="unsubscribe-complete">
        <Text>{t('unsubscribe_complete.body')}</Text>
        <Text>{t('unsubscribe_complete.thanks')}</Text>
      </Stack>
      <ButtonLink href={paths.home}>{t('common:back_to_top')}</ButtonLink>
    </AuthCard>
  );
}
