import { Stack, Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useActivationCheck } from '../api/activation-check';
import { ActivateForm } from '../components/activate-form';
import { AlreadyActive } from '../components/already-active';
import { CheckedLink } from '../components/checked-link';
import { useLinkParams } from '../components/link-params';

/**
 * The link from the sign-up mail: checked first, then the address it registers and the form.
 * After a sign-up from an invitation it carries `invitation_code`, sent along with the activation.
 */
export function ActivatePage() {
  const { t } = useTranslation('auth');
  const link = useLinkParams();
  const [search] = useSearchParams();
  const invitationCode = search.get('invitation_code') ?? '';
  const check = useActivationCheck(link);
  if (check.data?.state === 'active') return <AlreadyActive signedIn={check.data.signed_in} />;
  return (
    <CheckedLink
      title={t('activate.title')}
      lead={t('activate.lead')}
      link={link}
      check={check}
      badLinkCode="E-102"
      linkError={{
        text: t('messages:errors.activation_link'),
        actionLabel: t('activate.signup_again'),
        actionHref: paths.signup,
      }}
    >
      {({ link, data, onLinkExpired }) =>
        data.state === 'pending' && (
          <>
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {t('activate.email_label')}
              </Text>
              <Text fw={600} data-testid="activate-email">
                {data.email}
              </Text>
            </Stack>
            <ActivateForm link={link} invitationCode={invitationCode} onLinkExpired={onLinkExpired} />
          </>
        )
      }
    </CheckedLink>
  );
}
