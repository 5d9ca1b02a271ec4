import { Button, Stack } from '@mantine/core';
import { paths } from '@qrqr/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/feedback/form-alert';
import { PageLoader } from '../../../components/feedback/page-loader';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { useResetLinkCheck } from '../api/reset-link-check';
import { AuthCard } from '../components/auth-card';
import { LinkError } from '../components/link-error';
import { useLinkParams } from '../components/link-params';
import { ResetPasswordForm } from '../components/reset-password-form';

/** The link from the reset mail: checked first, then the new password (twice). */
export function ForgotResetPage() {
  const { t } = useTranslation('auth');
  const link = useLinkParams();
  const check = useResetLinkCheck(link);
  const [expired, setExpired] = useState(false);
  const badLink =
    link === null || expired || (check.isError && isApiError(check.error) && check.error.code === 'E-103');

  let body: ReactNode;
  if (badLink) {
    body = (
      <LinkError
        text={t('messages:errors.reset_link')}
        actionLabel={t('forgot_reset.request_again')}
        actionHref={paths.forgotRequest}
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
    body = <ResetPasswordForm link={link} onLinkExpired={() => setExpired(true)} />;
  }

  return (
    <AuthCard title={t('forgot_reset.title')} lead={badLink ? undefined : t('forgot_reset.lead')}>
      {body}
    </AuthCard>
  );
}
