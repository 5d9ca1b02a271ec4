import { Skeleton, Stack, Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { FormAlert } from '../../../components/feedback/form-alert';
import { useForm } from '../../../lib/form';
import { currentLocale } from '../../../lib/language';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useRequestEmailChange } from '../api/change-email-request';
import { useUserInfo } from '../api/get-user-info';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { BackToBasicInfo } from '../components/back-to-basic-info';
import { EmailInput } from '../components/email-input';
import { useFieldError } from '../components/field-error';
import { useFormFailure } from '../components/form-failure';

// Built when the form first validates: zod loads then, not with the page.
const loadSchema = async () => {
  const { changeEmailRequestBody } = await import('../../../lib/form-schemas');
  return changeEmailRequestBody.pick({ new_email: true });
};

export function ChangeEmailRequestPage() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const user = useUserInfo();
  const request = useRequestEmailChange();
  const form = useForm({ resolver: lazyZodResolver(loadSchema), defaultValues: { new_email: '' } });
  const failure = useFormFailure(form, {
    fields: ['new_email'],
    // Taken (E-107) and unchanged (E-108) addresses are about the field itself.
    codeFields: { 'E-107': 'new_email', 'E-108': 'new_email' },
  });

  const onSubmit = form.handleSubmit(({ new_email }) => {
    failure.clear();
    request.mutate(
      { new_email, language: currentLocale() },
      {
        onSuccess: () => navigate(paths.changeEmailSent, { state: { email: new_email } }),
        onError: failure.show,
      },
    );
  });

  return (
    <AuthCard title={t('change_email.title')} lead={t('change_email.lead')}>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('change_email.current')}
        </Text>
        {user.isPending ? (
          <Skeleton height={20} width="60%" />
        ) : (
          <Text fw={600} data-testid="current-email">
            {user.data?.email ?? '—'}
          </Text>
        )}
      </Stack>
      <FormAlert text={failure.alert} />
      <AuthForm onSubmit={onSubmit} submitLabel={t('change_email.submit')} pending={request.isPending}>
        <EmailInput
          label={t('fields.new_email')}
          {...form.register('new_email')}
          error={fieldError(form.formState.errors.new_email)}
        />
      </AuthForm>
      <BackToBasicInfo />
    </AuthCard>
  );
}
