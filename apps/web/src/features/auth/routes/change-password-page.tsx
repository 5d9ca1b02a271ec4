import { paths } from '@qrqr/shared/paths';
import { FormAlert } from '../../../components/feedback/form-alert';
import { useForm } from '../../../lib/form';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useChangePassword } from '../api/change-password';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { BackToBasicInfo } from '../components/back-to-basic-info';
import { CurrentPasswordInput } from '../components/current-password-input';
import { useFieldError } from '../components/field-error';
import { useFormFailure } from '../components/form-failure';
import { NewPasswordFields } from '../components/new-password-fields';

// Built when the form first validates: zod loads then, not with the page.
const loadSchema = async () => {
  const { changePasswordBody, withPasswordConfirmation } = await import('../../../lib/form-schemas');
  return withPasswordConfirmation(changePasswordBody, 'new_password');
};
const FIELDS = ['current_password', 'new_password', 'password_confirmation'] as const;

export function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const change = useChangePassword();
  const form = useForm({
    resolver: lazyZodResolver(loadSchema),
    defaultValues: { current_password: '', new_password: '', password_confirmation: '' },
  });
  const failure = useFormFailure(form, { fields: FIELDS, codeFields: { 'E-105': 'current_password' } });

  const onSubmit = form.handleSubmit(({ current_password, new_password }) => {
    failure.clear();
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: () => navigate(paths.changePasswordComplete, { replace: true }),
        onError: failure.show,
      },
    );
  });

  return (
    <AuthCard title={t('change_password.title')}>
      <FormAlert text={failure.alert} />
      <AuthForm onSubmit={onSubmit} submitLabel={t('change_password.submit')} pending={change.isPending}>
        <CurrentPasswordInput
          label={t('fields.current_password')}
          {...form.register('current_password')}
          error={fieldError(form.formState.errors.current_password)}
        />
        <NewPasswordFields form={form} name="new_password" />
      </AuthForm>
      <BackToBasicInfo />
    </AuthCard>
  );
}
