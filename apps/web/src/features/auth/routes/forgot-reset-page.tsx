import { paths } from '@qrqr/shared/paths';
import { useTranslation } from '../../../lib/use-translation';
import { useResetLinkCheck } from '../api/reset-link-check';
import { CheckedLink } from '../components/checked-link';
import { useLinkParams } from '../components/link-params';
import { ResetPasswordForm } from '../components/reset-password-form';

/** The link from the reset mail: checked first, then the new password (twice). */
export function ForgotResetPage() {
  const { t } = useTranslation('auth');
  const link = useLinkParams();
  const check = useResetLinkCheck(link);
  return (
    <CheckedLink
      title={t('forgot_reset.title')}
      lead={t('forgot_reset.lead')}
      link={link}
      check={check}
      badLinkCode="E-103"
      linkError={{
        text: t('messages:errors.reset_link'),
        actionLabel: t('forgot_reset.request_again'),
        actionHref: paths.forgotRequest,
      }}
    >
      {({ link, onLinkExpired }) => <ResetPasswordForm link={link} onLinkExpired={onLinkExpired} />}
    </CheckedLink>
  );
}
