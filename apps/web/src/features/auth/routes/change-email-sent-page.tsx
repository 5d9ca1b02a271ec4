import { Stack, Text } from '@mantine/core';
import { LINK_LIFETIME_HOURS, paths } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { useSession } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';
import { DoneActions } from '../components/done-actions';
import { sentEmail } from '../components/sent-email';

export function ChangeEmailSentPage() {
  const { t } = useTranslation('auth');
  const email = sentEmail(useLocation().state);
  const { params } = useSession();
  return (
    <AuthCard title={t('change_email_sent.title')}>
      <Stack gap="sm" data-testid="change-email-sent">
        <Text>{email ? t('change_email_sent.body_with_email', { email }) : t('change_email_sent.body')}</Text>
        <Text>{t('change_email_sent.expiry', { hours: LINK_LIFETIME_HOURS.emailChange })}</Text>
      </Stack>
      <DoneActions>
        {params.devMailbox ? (
          <ButtonLink href="/dev/mailbox" variant="default">
            {t('dev_mailbox')}
          </ButtonLink>
        ) : null}
        <ButtonLink href={paths.userInfo}>{t('back_to_basic_info')}</ButtonLink>
      </DoneActions>
    </AuthCard>
  );
}
