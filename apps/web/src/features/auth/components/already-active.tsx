import { Stack, Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { useTranslation } from '../../../lib/use-translation';
import { AuthCard } from './auth-card';
import { DoneActions } from './done-actions';

/**
 * An activation link opened again after the account was activated with it: not an error, so no red
 * alert and no "sign up again"; this browser's own account goes on to its list, anyone else signs in.
 */
export function AlreadyActive({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation('auth');
  return (
    <AuthCard title={t('activate.already_active_title')}>
      <Stack gap="lg" data-testid="activate-already-active">
        <Text>{signedIn ? t('activate.already_active_signed_in') : t('activate.already_active_body')}</Text>
        <DoneActions>
          {signedIn ? (
            <ButtonLink href={paths.qrList}>{t('activate.go_to_list')}</ButtonLink>
          ) : (
            <ButtonLink href={paths.signin}>{t('activate.sign_in')}</ButtonLink>
          )}
        </DoneActions>
      </Stack>
    </AuthCard>
  );
}
