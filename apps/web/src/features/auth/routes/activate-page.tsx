import { Button, Stack, Text } from '@mantine/core';
import { paths } from '@qrqr/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/feedback/form-alert';
import { PageLoader } from '../../../components/feedback/page-loader';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useActivationCheck } from '../api/activation-check';
import { ActivateForm } from '../components/activate-form';
import { AuthCard } from '../components/auth-card';
import { LinkError } from '../components/link-error';
import { useLinkParams } from '../components/link-params';

/**
 * The link from the sign-up mail. The link is checked first so a bad one shows the §8 text
 * instead of a form that can only fail.
 */
export function ActivatePage() {
  const { t } = useTranslation('auth');
  const link = useLinkParams();
  const check = useActivationCheck(link);
  // The link can also expire between the check and the submission.
  const [expired, setExpired] = useState(false);

  const badLink =
    link === null || expired || (check.isError && isApiError(check.error) && check.error.code === 'E-102');

  let body: ReactNode;
  if (badLink) {
    body = (
      <LinkError
        text={t('messages:errors.activation_link')}
        actionLabel={t('activate.signup_again')}
        actionHref={paths.signup}
      />
    );
  } else if (check.isPending) {
    body = <PageLoader />;
  } else if (check.isError) {
    body = (
      <Stack gap="md">
        <FormAlert text={errorText(check.error, t)} />
        <Button variant="default" onClick={() => void check.refetch()}>
          {t('common:retry')}
        </Button>
      </Stack>
    );
  } else {
    body = (
      <>
        <Stack gap={0}>
          <Text size="sm" c="dimmed">
            {t('activate.email_label')}
          </Text>
          <Text fw={600} data-testid="activate-email">
            {check.data.email}
          </Text>
        </Stack>
        <ActivateForm link={link} onLinkExpired={() => setExpired(true)} />
      </>
    );
  }

  return (
    <AuthCard title={t('activate.title')} lead={badLink ? undefined : t('activate.lead')}>
      {body}
    </AuthCard>
  );
}
