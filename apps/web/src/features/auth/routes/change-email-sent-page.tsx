import { Text } from '@mantine/core';
import { LINK_LIFETIME_HOURS } from '@qrqr/shared/limits';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { useTranslation } from '../../../lib/use-translation';
import { DevMailboxButton } from '../components/dev-mailbox';
import { DoneActions } from '../components/done-actions';
import { DoneScreen } from '../components/done-screen';
import { useSentEmail } from '../components/sent-email';

export function ChangeEmailSentPage() {
  const { t } = useTranslation('auth');
  const email = useSentEmail();
  return (
    <DoneScreen
      title={t('change_email_sent.title')}
      testId="change-email-sent"
      actions={
        <DoneActions>
          <DevMailboxButton />
          <ButtonLink href={paths.userInfo}>{t('back_to_basic_info')}</ButtonLink>
        </DoneActions>
      }
    >
      <Text>{email ? t('change_email_sent.body_with_email', { email }) : t('change_email_sent.body')}</Text>
      <Text>{t('change_email_sent.expiry', { count: LINK_LIFETIME_HOURS.emailChange })}</Text>
    </DoneScreen>
  );
}
