import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { forgotPasswordVerifyBody, paths, withPasswordConfirmation } from '@qrqr/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/feedback/form-alert';
import { isApiError } from '../../../lib/api-client';
import { applyApiError } from '../../../lib/form-errors';
import { currentLocale } from '../../../lib/language';
import type { LinkParams } from '../api/activation-check';
import { useResetPassword } from '../api/forgot-password-verify';
import { useFieldError } from './field-error';

const schema = withPasswordConfirmation(
  forgotPasswordVerifyBody.pick({ new_password: true }),
  'new_password',
);

interface ResetPasswordFormProps {
  link: LinkParams;
  onLinkExpired: () => void;
}

export function ResetPasswordForm({ link, onLinkExpired }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { new_password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ new_password }) => {
    setAlert(null);
    reset.mutate(
      { new_password, language: currentLocale(), ...link },
      {
        onSuccess: () => navigate(paths.forgotComplete, { replace: true }),
        onError: (error) => {
          if (isApiError(error) && error.code === 'E-103') return onLinkExpired();
          setAlert(
            applyApiError(error, {
              setError: form.setError,
              fields: ['new_password', 'password_confirmation'],
              t,
            }),
          );
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert text={alert} />
        <PasswordInput
          label={t('fields.new_password')}
          description={t('fields.password_rule')}
          autoComplete="new-password"
          required
          {...form.register('new_password')}
          error={fieldError(errors.new_password)}
        />
        <PasswordInput
          label={t('fields.new_password_confirmation')}
          autoComplete="new-password"
          required
          {...form.register('password_confirmation')}
          error={fieldError(errors.password_confirmation)}
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          {t('forgot_reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
