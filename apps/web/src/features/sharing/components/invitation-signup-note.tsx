import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import { paths } from '@qrqr/shared';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/button-link';
import { FormAlert } from '../../../components/feedback/form-alert';
import { errorText } from '../../../lib/error-text';
import { useScreenTexts } from '../../../lib/use-screen-texts';
import { type InvitationInfo, useInvitation } from '../api/share-calls';

interface InvitationSignupNoteProps {
  /** The secret code of the invitation mail: only its holder learns the invited address. */
  code: string;
  /** The invited address, for the sign-up form to fill in. */
  onInvitation: (info: InvitationInfo) => void;
}

/**
 * Above the sign-up form when it was opened from an invitation (`?code=`): who shared which code
 * and the invited address to register with. Activation accepts the invitation on the server, which
 * then opens the read log, in whichever browser the activation link is opened.
 */
export function InvitationSignupNote(props: InvitationSignupNoteProps) {
  return useScreenTexts('sharing') ? <Note {...props} /> : null;
}

function Note({ code, onInvitation }: InvitationSignupNoteProps) {
  const { t } = useTranslation('sharing');
  const invitation = useInvitation(code);
  const info = invitation.data;

  useEffect(() => {
    if (info) onInvitation(info);
  }, [info, onInvitation]);

  if (invitation.isPending) return <Skeleton h={64} data-testid="invite-loading" />;
  if (invitation.isError) return <FormAlert text={errorText(invitation.error, t)} />;
  if (!info) return null;
  const what = t('invite.what', {
    inviter: info.inviter_name || t('access.unnamed'),
    title: info.title || t('invite.untitled'),
  });
  return (
    <Alert color="brand" variant="light" data-testid="signup-invite-note">
      <Stack gap="xs">
        <Text size="sm">{what}</Text>
        {info.has_account ? (
          <>
            <Text size="sm" fw={600}>
              {t('invite.sign_in_with', { email: info.email })}
            </Text>
            <Group>
              <ButtonLink href={`${paths.signin}?${new URLSearchParams({ code })}`} size="xs">
                {t('invite.to_signin')}
              </ButtonLink>
            </Group>
          </>
        ) : (
          <Text size="sm" fw={600}>
            {t('invite.sign_up_with', { email: info.email })}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
