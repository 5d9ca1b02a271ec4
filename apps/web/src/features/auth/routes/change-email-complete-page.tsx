import { Stack, Text } from '@mantine/core';
import { paths } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { AuthCard } from '../components/auth-card';
import { sentEmail } from '../components/sent-email';

export function ChangeEmailCompletePage() {
  const { t } = useTranslation('auth');
  const email = sentEmail(useLocation().state);
  return (
    <AuthCard title={t('change_email_complete.title')}>
      <Stack gap="sm" data-testid="change-email-complete">
        <Text>{t('change_email_complete.body')}</Text>
        {email ? (
          <Text>
            {t('change_email_complete.new_email')} <strong>{email}</strong>
          </Text>
        ) : null}
      </Stack>
      <ButtonLink href={paths.userInfo}>{t('back_to_basic_info')}</ButtonLink>
    </AuthCard>
  );
}
