import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { changePasswordBody, paths, withPasswordConfirmation } from '@qrqr/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/feedback/form-alert';
import { applyApiError } from '../../../lib/form-errors';
import { useChangePassword } from '../api/change-password';
import { AuthCard } from '../components/auth-card';
import { useFieldError } from '../components/field-error';

const schema = withPasswordConfirmation(changePasswordBody, 'new_password');
const FIELDS = ['current_password', 'new_password', 'password_confirmation'] as const;

export function ChangePasswordPage() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const change = useChangePassword();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { current_password: '', new_password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ current_password, new_password }) => {
    setAlert(null);
    change.mutate(
      { current_password, new_password },
      {
        onSuccess: () => navigate(paths.changePasswordComplete, { replace: true }),
        onError: (error) =>
          setAlert(
            applyApiError(error, {
              setError: form.setError,
              fields: FIELDS,
              codeFields: { 'E-105': 'current_password' },
              t,
            }),
          ),
      },
    );
  });

  return (
    <AuthCard title={t('change_password.title')}>
      <FormAlert text={alert} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('fields.current_password')}
            autoComplete="current-password"
            required
            {...form.register('current_password')}
            error={fieldError(errors.current_password)}
          />
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
          <Button type="submit" loading={change.isPending} fullWidth>
            {t('change_password.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.userInfo}>
          {t('back_to_basic_info')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
