import { Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { useSession } from '../../../lib/session';
import { useTranslation } from '../../../lib/use-translation';
import { DoneActions } from '../components/done-actions';
import { DoneScreen } from '../components/done-screen';

/** Registration finished; the user is already signed in. */
export function ActivateCompletePage() {
  const { t } = useTranslation('auth');
  const { params } = useSession();
  return (
    <DoneScreen
      title={t('activate_complete.title')}
      testId="activate-complete"
      actions={
        <DoneActions>
          <ButtonLink href={paths.home}>{t('activate_complete.create_qr')}</ButtonLink>
          <ButtonLink href={paths.userInfo} variant="default">
            {t('activate_complete.basic_info')}
          </ButtonLink>
        </DoneActions>
      }
    >
      <Text>
        {params.userName
          ? t('activate_complete.welcome_name', { name: params.userName })
          : t('activate_complete.welcome')}
      </Text>
      <Text>{t('activate_complete.body')}</Text>
    </DoneScreen>
  );
}
