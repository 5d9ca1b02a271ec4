import { Text } from '@mantine/core';
import { LINK_LIFETIME_HOURS } from '@qrqr/shared/limits';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { useTranslation } from '../../../lib/use-translation';
import { DevMailboxButton } from '../components/dev-mailbox';
import { DoneActions } from '../components/done-actions';
import { DoneScreen } from '../components/done-screen';
import { useSentEmail } from '../components/sent-email';

export function ForgotSentPage() {
  const { t } = useTranslation('auth');
  const email = useSentEmail();
  return (
    <DoneScreen
      title={t('forgot_sent.title')}
      testId="forgot-sent"
      actions={
        <DoneActions>
          <DevMailboxButton />
          <ButtonLink href={paths.signin}>{t('forgot.back_to_signin')}</ButtonLink>
        </DoneActions>
      }
    >
      <Text>{email ? t('forgot_sent.body_with_email', { email }) : t('forgot_sent.body')}</Text>
      <Text>{t('forgot_sent.expiry', { count: LINK_LIFETIME_HOURS.passwordReset })}</Text>
      <Text size="sm" c="dimmed">
        {t('forgot_sent.not_received')}
      </Text>
    </DoneScreen>
  );
}
