import { paths } from '@qrqr/shared/paths';
import { FormAlert } from '../../../components/feedback/form-alert';
import { isApiError } from '../../../lib/api-client';
import { useForm } from '../../../lib/form';
import { currentLocale } from '../../../lib/language';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { LinkParams } from '../api/activation-check';
import { useResetPassword } from '../api/forgot-password-verify';
import { AuthForm } from './auth-form';
import { useFormFailure } from './form-failure';
import { NewPasswordFields } from './new-password-fields';

// Built when the form first validates: zod loads then, not with the page.
const loadSchema = async () => {
  const { forgotPasswordVerifyBody, withPasswordConfirmation } = await import('../../../lib/form-schemas');
  return withPasswordConfirmation(forgotPasswordVerifyBody.pick({ new_password: true }), 'new_password');
};

interface ResetPasswordFormProps {
  link: LinkParams;
  onLinkExpired: () => void;
}

export function ResetPasswordForm({ link, onLinkExpired }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({
    resolver: lazyZodResolver(loadSchema),
    defaultValues: { new_password: '', password_confirmation: '' },
  });
  const failure = useFormFailure(form, { fields: ['new_password', 'password_confirmation'] });

  const onSubmit = form.handleSubmit(({ new_password }) => {
    failure.clear();
    reset.mutate(
      { new_password, language: currentLocale(), ...link },
      {
        onSuccess: () => navigate(paths.forgotComplete, { replace: true }),
        onError: (error) => {
          if (isApiError(error) && error.code === 'E-103') return onLinkExpired();
          failure.show(error);
        },
      },
    );
  });

  return (
    <AuthForm onSubmit={onSubmit} submitLabel={t('forgot_reset.submit')} pending={reset.isPending}>
      <FormAlert text={failure.alert} />
      <NewPasswordFields form={form} name="new_password" />
    </AuthForm>
  );
}
