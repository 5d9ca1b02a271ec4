import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, List, Stack, Text } from '@mantine/core';
import { paths, signupBody } from '@qrqr/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormAlert } from '../../../components/feedback/form-alert';
import { currentLocale } from '../../../lib/language';
import { useSignup } from '../api/signup';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { EmailInput } from '../components/email-input';
import { useFieldError } from '../components/field-error';
import { useFormFailure } from '../components/form-failure';

const schema = signupBody.pick({ email: true });

/** Sign-up by e-mail; `?migrate=1` also carries the guest's temporary code history over. */
export function SignupPage() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const migrate = search.get('migrate') === '1';
  const signup = useSignup();
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { email: '' } });
  const failure = useFormFailure(form, { fields: ['email'] });

  const onSubmit = form.handleSubmit(({ email }) => {
    failure.clear();
    signup.mutate(
      { email, language: currentLocale(), ...(migrate ? { migrate: true } : {}) },
      {
        onSuccess: () => navigate(paths.signupSent, { state: { email } }),
        onError: failure.show,
      },
    );
  });

  return (
    <AuthCard title={migrate ? t('signup.title_migrate') : t('signup.title')} lead={t('signup.lead')}>
      {migrate ? (
        <Alert color="brand" variant="light" title={t('signup.migrate_title')} data-testid="migrate-note">
          {t('signup.migrate_body')}
        </Alert>
      ) : (
        <Stack gap={4}>
          <Text fw={600}>{t('signup.benefits_title')}</Text>
          <List size="sm" spacing={4}>
            <List.Item>{t('signup.benefit_history')}</List.Item>
            <List.Item>{t('signup.benefit_share')}</List.Item>
            <List.Item>{t('signup.benefit_channel')}</List.Item>
          </List>
        </Stack>
      )}
      <FormAlert text={failure.alert} />
      <AuthForm onSubmit={onSubmit} submitLabel={t('signup.submit')} pending={signup.isPending}>
        <EmailInput
          label={t('fields.email')}
          {...form.register('email')}
          error={fieldError(form.formState.errors.email)}
        />
      </AuthForm>
      <Text size="sm" ta="center">
        {t('signup.have_account')}{' '}
        <Anchor component={Link} to={paths.signin}>
          {t('signup.to_signin')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
