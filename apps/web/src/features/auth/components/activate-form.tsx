import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { activateBody, paths, withPasswordConfirmation } from '@qrqr/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormAlert } from '../../../components/feedback/form-alert';
import { isApiError } from '../../../lib/api-client';
import { applyApiError } from '../../../lib/form-errors';
import { useActivate } from '../api/activate';
import type { LinkParams } from '../api/activation-check';
import { useFieldError } from './field-error';

const schema = withPasswordConfirmation(
  activateBody.pick({ user_name: true, company_name: true, password: true }),
  'password',
);
const FIELDS = ['user_name', 'company_name', 'password', 'password_confirmation'] as const;

interface ActivateFormProps {
  link: LinkParams;
  onLinkExpired: () => void;
}

/** Name, optional company and the password (twice) that complete a registration. */
export function ActivateForm({ link, onLinkExpired }: ActivateFormProps) {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const activate = useActivate();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { user_name: '', company_name: '', password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ user_name, company_name, password }) => {
    setAlert(null);
    activate.mutate(
      { user_name, company_name: company_name ?? '', password, ...link },
      {
        onSuccess: () => navigate(paths.activateComplete, { replace: true, state: { name: user_name } }),
        onError: (error) => {
          if (isApiError(error) && error.code === 'E-102') return onLinkExpired();
          setAlert(applyApiError(error, { setError: form.setError, fields: FIELDS, t }));
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert text={alert} />
        <TextInput
          label={t('fields.user_name')}
          autoComplete="name"
          required
          {...form.register('user_name')}
          error={fieldError(errors.user_name)}
        />
        <TextInput
          label={t('fields.company_name')}
          description={t('fields.optional')}
          autoComplete="organization"
          {...form.register('company_name')}
          error={fieldError(errors.company_name)}
        />
        <PasswordInput
          label={t('fields.password')}
          description={t('fields.password_rule')}
          autoComplete="new-password"
          required
          {...form.register('password')}
          error={fieldError(errors.password)}
        />
        <PasswordInput
          label={t('fields.password_confirmation')}
          autoComplete="new-password"
          required
          {...form.register('password_confirmation')}
          error={fieldError(errors.password_confirmation)}
        />
        <Button type="submit" loading={activate.isPending} fullWidth>
          {t('activate.submit')}
        </Button>
      </Stack>
    </form>
  );
}
