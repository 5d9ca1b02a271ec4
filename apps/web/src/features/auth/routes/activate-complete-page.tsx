import { Text } from '@mantine/core';
import { paths } from '@qrqr/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { useSession } from '../../../lib/session';
import { takePendingShare } from '../../sharing/lib/pending-invitation';
import { DoneActions } from '../components/done-actions';
import { DoneScreen } from '../components/done-screen';

/** Registration finished; the user is already signed in. */
export function ActivateCompletePage() {
  const { t } = useTranslation('auth');
  const { params } = useSession();
  const navigate = useNavigate();
  // Signed up from a share invitation: activation accepted it, so the shared read log opens.
  useEffect(() => {
    const log = takePendingShare();
    if (log) navigate(log, { replace: true });
  }, [navigate]);
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
