import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { paths, signinBody } from '@qrqr/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/feedback/form-alert';
import { isAppScreen } from '../../../lib/app-screen';
import { applyApiError } from '../../../lib/form-errors';
import { safeNext } from '../../../lib/safe-next';
import { useSignin } from '../api/signin';
import { AuthCard } from '../components/auth-card';
import { useFieldError } from '../components/field-error';

const schema = signinBody.pick({ email: true, password: true });

/** Sign-in; `?code=` is a share invitation accepted with it, `?next=` where to go afterwards. */
export function SigninPage() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const code = search.get('code') ?? '';
  const next = safeNext(search.get('next'));
  const signin = useSignin();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '', password: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setAlert(null);
    signin.mutate(
      { ...values, ...(code ? { code } : {}) },
      {
        onSuccess: () => {
          // Server pages (not screens of this app) need a real page load.
          if (isAppScreen(next)) navigate(next, { replace: true });
          else window.location.assign(next);
        },
        onError: (error) =>
          setAlert(applyApiError(error, { setError: form.setError, fields: ['email', 'password'], t })),
      },
    );
  });

  return (
    <AuthCard title={t('signin.title')}>
      {code ? (
        <Alert color="brand" variant="light" data-testid="invite-note">
          {t('signin.invite_note')}
        </Alert>
      ) : null}
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
            error={fieldError(errors.email)}
          />
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            required
            {...form.register('password')}
            error={fieldError(errors.password)}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={paths.forgotRequest} size="sm">
              {t('signin.forgot')}
            </Anchor>
          </Group>
          <Button type="submit" loading={signin.isPending} fullWidth>
            {t('signin.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        {t('signin.no_account')}{' '}
        <Anchor component={Link} to={paths.signup}>
          {t('signin.to_signup')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
