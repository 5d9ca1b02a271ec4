import { Anchor, Group, Text } from '@mantine/core';
import { paths, qrAnalyticsPath } from '@qrqr/shared/paths';
import { useCallback, useRef } from 'react';
import { FormAlert } from '../../../components/feedback/form-alert';
import { isAppScreen } from '../../../lib/app-screen';
import { useForm } from '../../../lib/form';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { Link, useNavigate, useSearchParams } from '../../../lib/router';
import { safeNext } from '../../../lib/safe-next';
import { useTranslation } from '../../../lib/use-translation';
import type { InvitationInfo } from '../../invitations';
import { InvitationNotice } from '../../invitations';
import { useSignin } from '../api/signin';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { CurrentPasswordInput } from '../components/current-password-input';
import { EmailInput } from '../components/email-input';
import { useFieldError } from '../components/field-error';
import { useFormFailure } from '../components/form-failure';
import { InvitationChecking } from '../components/invitation-checking';

// Built when the form first validates: zod loads then, not with the page.
const loadSchema = async () => {
  const { signinBody } = await import('../../../lib/form-schemas');
  return signinBody.pick({ email: true, password: true });
};

/** Sign-in; `?code=` is a share invitation accepted with it, `?next=` where to go afterwards. */
export function SigninPage() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const code = search.get('code') ?? '';
  const next = safeNext(search.get('next'));
  const signin = useSignin();
  const form = useForm({ resolver: lazyZodResolver(loadSchema), defaultValues: { email: '', password: '' } });
  const failure = useFormFailure(form, { fields: ['email', 'password'] });
  const { errors } = form.formState;
  // An invitation link lands on the shared read log once signed in.
  const invitedCode = useRef<string | null>(null);
  const onInvitation = useCallback(
    (info: InvitationInfo) => {
      invitedCode.current = info.qr_id;
      if (!form.getValues('email')) form.setValue('email', info.email);
    },
    [form],
  );

  const onSubmit = form.handleSubmit((values) => {
    failure.clear();
    signin.mutate(
      { ...values, ...(code ? { code } : {}) },
      {
        onSuccess: () => {
          if (code && invitedCode.current) {
            navigate(qrAnalyticsPath(invitedCode.current), { replace: true });
            return;
          }
          // Server pages (not screens of this app) need a real page load.
          if (isAppScreen(next)) navigate(next, { replace: true });
          else window.location.assign(next);
        },
        onError: failure.show,
      },
    );
  });

  const signinForm = (
    <>
      <FormAlert text={failure.alert} />
      <AuthForm onSubmit={onSubmit} submitLabel={t('signin.submit')} pending={signin.isPending}>
        <EmailInput label={t('fields.email')} {...form.register('email')} error={fieldError(errors.email)} />
        <CurrentPasswordInput
          label={t('fields.password')}
          {...form.register('password')}
          error={fieldError(errors.password)}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={paths.forgotRequest} size="sm">
            {t('signin.forgot')}
          </Anchor>
        </Group>
      </AuthForm>
      <Text size="sm" ta="center">
        {t('signin.no_account')}{' '}
        <Anchor component={Link} to={paths.signup}>
          {t('signin.to_signup')}
        </Anchor>
      </Text>
    </>
  );

  return (
    <AuthCard title={t('signin.title')}>
      {code ? (
        // An invitation link may lead on to sign-up: no usable form until that is known.
        <InvitationNotice code={code} onInvitation={onInvitation} checking={<InvitationChecking />}>
          {signinForm}
        </InvitationNotice>
      ) : (
        signinForm
      )}
    </AuthCard>
  );
}
