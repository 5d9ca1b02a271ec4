import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { changeEmailRequestBody, paths } from '@qrqr/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormAlert } from '../../../components/feedback/form-alert';
import { applyApiError } from '../../../lib/form-errors';
import { currentLocale } from '../../../lib/language';
import { useRequestEmailChange } from '../api/change-email-request';
import { useUserInfo } from '../api/get-user-info';
import { AuthCard } from '../components/auth-card';
import { useFieldError } from '../components/field-error';

const schema = changeEmailRequestBody.pick({ new_email: true });

export function ChangeEmailRequestPage() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const user = useUserInfo();
  const request = useRequestEmailChange();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { new_email: '' } });

  const onSubmit = form.handleSubmit(({ new_email }) => {
    setAlert(null);
    request.mutate(
      { new_email, language: currentLocale() },
      {
        onSuccess: () => navigate(paths.changeEmailSent, { state: { email: new_email } }),
        onError: (error) =>
          setAlert(
            applyApiError(error, {
              setError: form.setError,
              fields: ['new_email'],
              // Taken (E-107) and unchanged (E-108) addresses are about the field itself.
              codeFields: { 'E-107': 'new_email', 'E-108': 'new_email' },
              t,
            }),
          ),
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
      <FormAlert text={alert} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('fields.new_email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            {...form.register('new_email')}
            error={fieldError(form.formState.errors.new_email)}
          />
          <Button type="submit" loading={request.isPending} fullWidth>
            {t('change_email.submit')}
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
