import { Anchor, Stack, Text } from '@mantine/core';
import { LINK_LIFETIME_HOURS, paths } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { useSession } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';
import { DoneActions } from '../components/done-actions';
import { sentEmail } from '../components/sent-email';

/** After sign-up: the mail is on its way. Says the same whether or not the address was known. */
export function SignupSentPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const email = sentEmail(location.state);
  const { params } = useSession();
  return (
    <AuthCard title={t('signup_sent.title')}>
      <Stack gap="sm" data-testid="signup-sent">
        <Text>{email ? t('signup_sent.body_with_email', { email }) : t('signup_sent.body')}</Text>
        <Text>{t('signup_sent.expiry', { hours: LINK_LIFETIME_HOURS.activation })}</Text>
        <Text size="sm" c="dimmed">
          {t('signup_sent.not_received')}
        </Text>
        {params.devMailbox ? (
          <Anchor href="/dev/mailbox" size="sm">
            {t('dev_mailbox')}
          </Anchor>
        ) : null}
      </Stack>
      <DoneActions>
        <ButtonLink href={paths.signup} variant="default">
          {t('signup_sent.again')}
        </ButtonLink>
        <ButtonLink href={paths.home}>{t('common:back_to_top')}</ButtonLink>
      </DoneActions>
    </AuthCard>
  );
}
