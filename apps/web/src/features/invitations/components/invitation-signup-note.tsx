import { Group, Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ButtonLink } from '../../../components/button-link';
import { useScreenTexts } from '../../../lib/use-screen-texts';
import { useTranslation } from '../../../lib/use-translation';
import type { InvitationInfo } from '../api/invitation-calls';
import { InvitationFrame } from './invitation-frame';

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
  return (
    <InvitationFrame code={code} onInvitation={onInvitation} testId="signup-invite-note">
      {(info) =>
        info.has_account ? (
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
        )
      }
    </InvitationFrame>
  );
}
