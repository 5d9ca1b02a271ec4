import { paths } from '@qrqr/shared/paths';
import { FormAlert } from '../../../components/feedback/form-alert';
import { isApiError } from '../../../lib/api-client';
import { isAppScreen } from '../../../lib/app-screen';
import { useForm } from '../../../lib/form';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useActivate } from '../api/activate';
import type { LinkParams } from '../api/activation-check';
import { AuthForm } from './auth-form';
import { useFormFailure } from './form-failure';
import { NewPasswordFields } from './new-password-fields';
import { UserInfoFields } from './user-info-fields';

// Built when the form first validates: zod loads then, not with the page.
const loadSchema = async () => {
  const { activateBody, withPasswordConfirmation } = await import('../../../lib/form-schemas');
  return withPasswordConfirmation(
    activateBody.pick({ user_name: true, company_name: true, password: true }),
    'password',
  );
};
const FIELDS = ['user_name', 'company_name', 'password', 'password_confirmation'] as const;

interface ActivateFormProps {
  link: LinkParams;
  /** The invitation the sign-up came from: the server lands on its read log when it is one. */
  invitationCode: string;
  onLinkExpired: () => void;
}

/** Name, optional company and the password (twice) that complete a registration. */
export function ActivateForm({ link, invitationCode, onLinkExpired }: ActivateFormProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const activate = useActivate();
  const form = useForm({
    resolver: lazyZodResolver(loadSchema),
    defaultValues: { user_name: '', company_name: '', password: '', password_confirmation: '' },
  });
  const failure = useFormFailure(form, { fields: FIELDS });

  const onSubmit = form.handleSubmit(({ user_name, company_name, password }) => {
    failure.clear();
    activate.mutate(
      {
        user_name,
        company_name: company_name ?? '',
        password,
        ...link,
        ...(invitationCode ? { invitation_code: invitationCode } : {}),
      },
      {
        onSuccess: ({ next }) => {
          // Invited: activation accepted the share, and the shared read log opens instead.
          if (next && isAppScreen(next)) navigate(next, { replace: true });
          else navigate(paths.activateComplete, { replace: true, state: { name: user_name } });
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'E-102') return onLinkExpired();
          failure.show(error);
        },
      },
    );
  });

  return (
    <AuthForm onSubmit={onSubmit} submitLabel={t('activate.submit')} pending={activate.isPending}>
      <FormAlert text={failure.alert} />
      <UserInfoFields form={form} />
      <NewPasswordFields form={form} name="password" />
    </AuthForm>
  );
}
