import { Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { useTranslation } from '../../../lib/use-translation';
import { AuthCard } from '../components/auth-card';
import { DoneActions } from '../components/done-actions';

export function ChangePasswordCompletePage() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('change_password_complete.title')}>
      <Text data-testid="change-password-complete">{t('change_password_complete.body')}</Text>
      <DoneActions>
        <ButtonLink href={paths.userInfo} variant="default">
          {t('back_to_basic_info')}
        </ButtonLink>
        <ButtonLink href={paths.home}>{t('common:back_to_top')}</ButtonLink>
      </DoneActions>
    </AuthCard>
  );
}
