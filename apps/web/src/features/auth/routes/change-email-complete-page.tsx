import { Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { useTranslation } from '../../../lib/use-translation';
import { DoneScreen } from '../components/done-screen';
import { useSentEmail } from '../components/sent-email';

export function ChangeEmailCompletePage() {
  const { t } = useTranslation('auth');
  const email = useSentEmail();
  return (
    <DoneScreen
      title={t('change_email_complete.title')}
      testId="change-email-complete"
      actions={<ButtonLink href={paths.userInfo}>{t('back_to_basic_info')}</ButtonLink>}
    >
      <Text>{t('change_email_complete.body')}</Text>
      {email ? (
        <Text>
          {t('change_email_complete.new_email')} <strong>{email}</strong>
        </Text>
      ) : null}
    </DoneScreen>
  );
}
