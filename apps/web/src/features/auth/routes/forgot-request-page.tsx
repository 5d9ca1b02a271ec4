import { Anchor, Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { FormAlert } from '../../../components/feedback/form-alert';
import { useForm } from '../../../lib/form';
import { currentLocale } from '../../../lib/language';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { Link, useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useRequestPasswordReset } from '../api/forgot-password-request';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { EmailInput } from '../components/email-input';
import { useFieldError } from '../components/field-error';
import { useFormFailure } from '../components/form-failure';

// Built when the form first validates: zod loads then, not with the page.
const loadSchema = async () => {
  const { forgotPasswordRequestBody } = await import('../../../lib/form-schemas');
  return forgotPasswordRequestBody.pick({ email: true });
};

export function ForgotRequestPage() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const form = useForm({ resolver: lazyZodResolver(loadSchema), defaultValues: { email: '' } });
  const failure = useFormFailure(form, { fields: ['email'] });

  const onSubmit = form.handleSubmit(({ email }) => {
    failure.clear();
    request.mutate(
      { email, language: currentLocale() },
      {
        onSuccess: () => navigate(paths.forgotSent, { state: { email } }),
        onError: failure.show,
      },
    );
  });

  return (
    <AuthCard title={t('forgot.title')} lead={t('forgot.lead')}>
      <FormAlert text={failure.alert} />
      <AuthForm onSubmit={onSubmit} submitLabel={t('forgot.submit')} pending={request.isPending}>
        <EmailInput
          label={t('fields.email')}
          {...form.register('email')}
          error={fieldError(form.formState.errors.email)}
        />
      </AuthForm>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.signin}>
          {t('forgot.back_to_signin')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
