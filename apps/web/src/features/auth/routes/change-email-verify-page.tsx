import { paths } from '@qrqr/shared/paths';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { PageLoader } from '../../../components/feedback/page-loader';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { isApiError } from '../../../lib/api-client';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useVerifyEmailChange } from '../api/change-email-verify';
import { AuthCard } from '../components/auth-card';
import { LinkError } from '../components/link-error';
import { useLinkParams } from '../components/link-params';

/** The link from the e-mail-change mail: "processing", then the completion screen or the wrong-link text. */
export function ChangeEmailVerifyPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const link = useLinkParams();
  const verify = useVerifyEmailChange();
  const { mutate } = verify;
  // The link is single-use: StrictMode's second effect run must not post it again.
  const sent = useRef(false);

  // The first post and a retry both lead to the completion screen on success.
  const submit = useCallback(() => {
    if (!link) return;
    mutate(link, {
      onSuccess: ({ email }) => navigate(paths.changeEmailComplete, { replace: true, state: { email } }),
    });
  }, [link, mutate, navigate]);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    submit();
  }, [submit]);

  const badLink =
    link === null || (verify.isError && isApiError(verify.error) && verify.error.code === 'E-104');

  let body: ReactNode;
  if (badLink) {
    body = (
      <LinkError
        text={t('messages:errors.email_change_link')}
        actionLabel={t('change_email_verify.request_again')}
        actionHref={paths.changeEmailRequest}
      />
    );
  } else if (verify.isError) {
    body = <RetryAlert error={verify.error} onRetry={submit} />;
  } else {
    body = <PageLoader />;
  }

  return (
    <AuthCard
      title={
        badLink || verify.isError ? t('change_email_verify.title_failed') : t('change_email_verify.title')
      }
      lead={badLink || verify.isError ? undefined : t('common:processing')}
    >
      {body}
    </AuthCard>
  );
}
