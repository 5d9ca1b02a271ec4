import { Button, Group, Text } from '@mantine/core';
import { api, paths, qrAnalyticsPath } from '@qrqr/shared/paths';
import { type ReactNode, useEffect } from 'react';
import { FormAlert } from '../../../components/feedback/form-alert';
import { apiPost } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useNavigate } from '../../../lib/router';
import { useSession } from '../../../lib/session';
import { useScreenTexts } from '../../../lib/use-screen-texts';
import { useTranslation } from '../../../lib/use-translation';
import { type InvitationInfo, useAcceptInvitation, useInvitation } from '../api/invitation-calls';
import { InvitationFrame } from './invitation-frame';

interface InvitationNoticeProps {
  code: string;
  /** The invited address, for the sign-in form to fill in. */
  onInvitation: (info: InvitationInfo) => void;
  /** Shown instead of the notice and the form until it is known where the link leads. */
  checking: ReactNode;
  /** The sign-in form, under the notice once the link leads here. */
  children: ReactNode;
}

/** The sign-up screen for an invitation link: it fills in and shows the invited address. */
export function signupFromInvitation(code: string): string {
  return `${paths.signup}?${new URLSearchParams({ code })}`;
}

/**
 * Above the sign-in form when it was opened from an invitation mail (`?code=`): who shared which
 * code, and the way in. A guest signs in with the invited address (the form sends the code); a
 * guest whose invited address has no account goes on to sign-up, and meets no sign-in form on the
 * way: until the invitation (and sharing's texts) are known, `checking` stands in for the form. A
 * member already signed in as the invited account accepts here; one signed in as someone else
 * sees the spec's mismatch message at once (the look-up says which), with the way to switch.
 */
export function InvitationNotice({ checking, children, ...props }: InvitationNoticeProps) {
  const textsReady = useScreenTexts('sharing');
  const invitation = useInvitation(props.code);
  const session = useSession();
  const navigate = useNavigate();
  const toSignup = !session.isPending && session.params.isGuest && invitation.data?.has_account === false;
  useEffect(() => {
    if (toSignup) navigate(signupFromInvitation(props.code), { replace: true });
  }, [toSignup, props.code, navigate]);

  if (!textsReady || invitation.isPending || session.isPending || toSignup) return checking;
  return (
    <>
      <Notice {...props} />
      {children}
    </>
  );
}

function Notice({ code, onInvitation }: Pick<InvitationNoticeProps, 'code' | 'onInvitation'>) {
  const { t } = useTranslation('sharing');
  const { params } = useSession();
  const accept = useAcceptInvitation();
  const navigate = useNavigate();
  return (
    <InvitationFrame code={code} onInvitation={onInvitation} testId="invite-note">
      {(info) =>
        params.isGuest ? (
          // Only an invited address with an account stays here (the other goes on to sign-up).
          <Text size="sm" fw={600}>
            {t('invite.sign_in_with', { email: info.email })}
          </Text>
        ) : (
          <>
            {info.viewer === 'other' ? (
              // Signed in as someone else: the login-mismatch message at once, not an offer that
              // fails (E-106).
              <Text size="sm" fw={600} role="alert" data-testid="invite-mismatch">
                {t('messages:errors.invite_mismatch')}
              </Text>
            ) : (
              <Text size="sm">{t('invite.signed_in')}</Text>
            )}
            {accept.isError ? <FormAlert text={errorText(accept.error, t)} /> : null}
            <Group gap="xs">
              {info.viewer === 'other' ? null : (
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
              )}
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
