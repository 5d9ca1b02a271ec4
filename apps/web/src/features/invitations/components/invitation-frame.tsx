import { Alert, Skeleton, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { FormAlert } from '../../../components/feedback/form-alert';
import { errorText } from '../../../lib/error-text';
import { useTranslation } from '../../../lib/use-translation';
import { type InvitationInfo, useInvitation } from '../api/invitation-calls';

interface InvitationFrameProps {
  /** The secret code of the invitation mail: only its holder learns the invited address. */
  code: string;
  /** Called once the invitation is read (the form fills in the invited address). */
  onInvitation: (info: InvitationInfo) => void;
  testId: string;
  /** The way in under "who shared which code", which differs by page. */
  children: (info: InvitationInfo) => ReactNode;
}

/** An invitation above the sign-in or sign-up form: loading, its error, or who shared which code. */
export function InvitationFrame({ code, onInvitation, testId, children }: InvitationFrameProps) {
  const { t } = useTranslation('sharing');
  const invitation = useInvitation(code);
  const info = invitation.data;

  useEffect(() => {
    if (info) onInvitation(info);
  }, [info, onInvitation]);

  if (invitation.isPending) return <Skeleton h={64} data-testid="invite-loading" />;
  if (invitation.isError) return <FormAlert text={errorText(invitation.error, t)} />;
  if (!info) return null;
  return (
    <Alert color="brand" variant="light" data-testid={testId}>
      <Stack gap="xs">
        <Text size="sm">
          {t('invite.what', {
            inviter: info.inviter_name || t('access.unnamed'),
            title: info.title || t('invite.untitled'),
          })}
        </Text>
        {children(info)}
      </Stack>
    </Alert>
  );
}
