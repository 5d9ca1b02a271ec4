import { Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/use-translation';

/** Where the sign-in form would be, while an invitation link is read (it may lead on to sign-up). */
export function InvitationChecking() {
  const { t } = useTranslation('auth');
  return (
    <Stack align="center" gap="sm" py="xl" role="status" aria-live="polite" data-testid="invite-checking">
      <Loader aria-hidden />
      <Text size="sm" c="dimmed">
        {t('signin.checking_invitation')}
      </Text>
    </Stack>
  );
}
