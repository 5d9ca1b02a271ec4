import { Button, Group, Text } from '@mantine/core';
import { api, paths, qrAnalyticsPath } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink } from '../../../components/button-link';
import { FormAlert } from '../../../components/feedback/form-alert';
import { apiPost } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session';
import { useScreenTexts } from '../../../lib/use-screen-texts';
import { type InvitationInfo, useAcceptInvitation } from '../api/share-calls';
import { InvitationFrame } from './invitation-frame';

interface InvitationNoticeProps {
  code: string;
  /** The invited address, for the sign-in form to fill in. */
  onInvitation: (info: InvitationInfo) => void;
}

/**
 * Above the sign-in form when it was opened from an invitation mail (`?code=`): who shared which
 * code, and the way in. A guest signs in with the invited address (the form sends the code), or
 * registers first when that address has no account; a member already signed in accepts here, and
 * sees the spec's mismatch message when they are signed in as someone else.
 */
/** Sharing's texts load only when an invitation is shown, not with every sign-in. */
export function InvitationNotice(props: InvitationNoticeProps) {
  return useScreenTexts('sharing') ? <Notice {...props} /> : null;
}

function Notice({ code, onInvitation }: InvitationNoticeProps) {
  const { t } = useTranslation('sharing');
  const { params } = useSession();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  return (
    <InvitationFrame code={code} onInvitation={onInvitation} testId="invite-note">
      {(info) =>
        params.isGuest ? (
          <>
            <Text size="sm" fw={600}>
              {info.has_account
                ? t('invite.sign_in_with', { email: info.email })
                : t('invite.sign_up_first', { email: info.email })}
            </Text>
            {!info.has_account ? (
              <Group>
                {/* The code goes along: the sign-up page fills in and shows the invited address. */}
                <ButtonLink
                  href={`${paths.signup}?${new URLSearchParams({ code })}`}
                  size="xs"
                  data-testid="invite-signup"
                >
                  {t('invite.to_signup')}
                </ButtonLink>
              </Group>
            ) : null}
          </>
        ) : (
          <>
            <Text size="sm">{t('invite.signed_in')}</Text>
            {accept.isError ? <FormAlert text={errorText(accept.error, t)} /> : null}
            <Group gap="xs">
              <Button
                size="xs"
                loading={accept.isPending}
                onClick={() =>
                  accept.mutate(code, { onSuccess: ({ qr_id }) => navigate(qrAnalyticsPath(qr_id)) })
                }
                data-testid="invite-accept"
              >
                {t('invite.accept')}
              </Button>
              <Button
                size="xs"
                variant="default"
                // Signs out and stays here, so the invited account can sign in with the same link.
                onClick={() => void apiPost(api.signout, {}).then(() => window.location.reload())}
                data-testid="invite-switch"
              >
                {t('invite.switch')}
              </Button>
            </Group>
          </>
        )
      }
    </InvitationFrame>
  );
}
