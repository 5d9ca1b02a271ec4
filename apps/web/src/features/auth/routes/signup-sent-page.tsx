import { Text } from '@mantine/core';
import { LINK_LIFETIME_HOURS } from '@qrqr/shared/limits';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { useTranslation } from '../../../lib/use-translation';
import { DevMailboxLink } from '../components/dev-mailbox';
import { DoneActions } from '../components/done-actions';
import { DoneScreen } from '../components/done-screen';
import { useSentEmail } from '../components/sent-email';

/** After sign-up: the mail is on its way. Says the same whether or not the address was known. */
export function SignupSentPage() {
  const { t } = useTranslation('auth');
  const email = useSentEmail();
  return (
    <DoneScreen
      title={t('signup_sent.title')}
      testId="signup-sent"
      actions={
        <DoneActions>
          <ButtonLink href={paths.signup} variant="default">
            {t('signup_sent.again')}
          </ButtonLink>
          <ButtonLink href={paths.home}>{t('common:back_to_top')}</ButtonLink>
        </DoneActions>
      }
    >
      <Text>{email ? t('signup_sent.body_with_email', { email }) : t('signup_sent.body')}</Text>
      <Text>{t('signup_sent.expiry', { count: LINK_LIFETIME_HOURS.activation })}</Text>
      <Text size="sm" c="dimmed">
        {t('signup_sent.not_received')}
      </Text>
      <DevMailboxLink />
    </DoneScreen>
  );
}
