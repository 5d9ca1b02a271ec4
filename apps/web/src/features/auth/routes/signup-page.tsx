import { Alert, Anchor, Checkbox, List, Stack, Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { useCallback, useState } from 'react';
import { FormAlert } from '../../../components/feedback/form-alert';
import { useForm } from '../../../lib/form';
import { currentLocale } from '../../../lib/language';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import type { InvitationInfo } from '../../invitations';
import { InvitationSignupNote } from '../../invitations';
import { useSignup } from '../api/signup';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { EmailInput } from '../components/email-input';
import { useFieldError } from '../components/field-error';
import { useFormFailure } from '../components/form-failure';

// Built when the form first validates: zod loads then, not with the page.
const loadSchema = async () => {
  const { signupBody } = await import('../../../lib/form-schemas');
  return signupBody.pick({ email: true });
};

interface SignupPageProps {
  /** This browser holds a guest history of codes (the route asks the QR manager). */
  guestHasHistory?: boolean;
}

/**
 * Sign-up by e-mail. A guest with codes in this browser may carry them into the new account
 * (checked by default); `?migrate=1` is the variant the history's warning links to; `?code=` comes
 * from a share invitation: the invited address is filled in and the invitation shown.
 */
export function SignupPage({ guestHasHistory = false }: SignupPageProps) {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const migrate = search.get('migrate') === '1';
  const code = search.get('code') ?? '';
  const offerCarryOver = migrate || guestHasHistory;
  const [carryOver, setCarryOver] = useState(true);
  const signup = useSignup();
  const form = useForm({ resolver: lazyZodResolver(loadSchema), defaultValues: { email: '' } });
  const failure = useFormFailure(form, { fields: ['email'] });
  const onInvitation = useCallback(
    (info: InvitationInfo) => {
      if (!form.getValues('email')) form.setValue('email', info.email);
    },
    [form],
  );

  const onSubmit = form.handleSubmit(({ email }) => {
    failure.clear();
    signup.mutate(
      {
        email,
        language: currentLocale(),
        ...(offerCarryOver && carryOver ? { migrate: true } : {}),
        // The activation link carries it, so activation opens this invitation's read log.
        ...(code ? { code } : {}),
      },
      {
        onSuccess: () => navigate(paths.signupSent, { state: { email } }),
        onError: failure.show,
      },
    );
  });

  return (
    <AuthCard title={migrate ? t('signup.title_migrate') : t('signup.title')} lead={t('signup.lead')}>
      {code ? <InvitationSignupNote code={code} onInvitation={onInvitation} /> : null}
      {migrate && carryOver ? (
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
        {offerCarryOver ? (
          <Checkbox
            label={t('signup.carry_over')}
            description={t('signup.carry_over_help')}
            checked={carryOver}
            onChange={(event) => setCarryOver(event.currentTarget.checked)}
            data-testid="carry-over"
          />
        ) : null}
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
