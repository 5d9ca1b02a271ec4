import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { forgotPasswordRequestBody, paths } from '@qrqr/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/feedback/form-alert';
import { applyApiError } from '../../../lib/form-errors';
import { currentLocale } from '../../../lib/language';
import { useRequestPasswordReset } from '../api/forgot-password-request';
import { AuthCard } from '../components/auth-card';
import { useFieldError } from '../components/field-error';

const schema = forgotPasswordRequestBody.pick({ email: true });

export function ForgotRequestPage() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const request = useRequestPasswordReset();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit(({ email }) => {
    setAlert(null);
    request.mutate(
      { email, language: currentLocale() },
      {
        onSuccess: () => navigate(paths.forgotSent, { state: { email } }),
        onError: (error) => setAlert(applyApiError(error, { setError: form.setError, fields: ['email'], t })),
      },
    );
  });

  return (
    <AuthCard title={t('forgot.title')} lead={t('forgot.lead')}>
      <FormAlert text={alert} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...form.register('email')}
            error={fieldError(form.formState.errors.email)}
          />
          <Button type="submit" loading={request.isPending} fullWidth>
            {t('forgot.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.signin}>
          {t('forgot.back_to_signin')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
