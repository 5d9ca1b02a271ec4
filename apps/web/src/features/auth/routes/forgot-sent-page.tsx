import { Stack, Text } from '@mantine/core';
import { LINK_LIFETIME_HOURS, paths } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { useSession } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';
import { DoneActions } from '../components/done-actions';
import { sentEmail } from '../components/sent-email';

export function ForgotSentPage() {
  const { t } = useTranslation('auth');
  const email = sentEmail(useLocation().state);
  const { params } = useSession();
  return (
    <AuthCard title={t('forgot_sent.title')}>
      <Stack gap="sm" data-testid="forgot-sent">
        <Text>{email ? t('forgot_sent.body_with_email', { email }) : t('forgot_sent.body')}</Text>
        <Text>{t('forgot_sent.expiry', { hours: LINK_LIFETIME_HOURS.passwordReset })}</Text>
        <Text size="sm" c="dimmed">
          {t('forgot_sent.not_received')}
        </Text>
      </Stack>
      <DoneActions>
        {params.devMailbox ? (
          <ButtonLink href="/dev/mailbox" variant="default">
            {t('dev_mailbox')}
          </ButtonLink>
        ) : null}
        <ButtonLink href={paths.signin}>{t('forgot.back_to_signin')}</ButtonLink>
      </DoneActions>
    </AuthCard>
  );
}
