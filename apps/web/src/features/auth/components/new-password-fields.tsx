import { PasswordField } from '../../../components/password-field';
import { type FieldValues, get, type Path, type UseFormReturn } from '../../../lib/form';
import { useTranslation } from '../../../lib/use-translation';
import { useFieldError } from './field-error';

interface NewPasswordFieldsProps<T extends FieldValues> {
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
  /** `password` when registering, `new_password` when replacing one. */
  name: Extract<Path<T>, 'password' | 'new_password'>;
}

/** A new password with its rule, then the same again (`withPasswordConfirmation` checks the match). */
export function NewPasswordFields<T extends FieldValues & { password_confirmation: string }>({
  form,
  name,
}: NewPasswordFieldsProps<T>) {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  // T has this key, but TypeScript cannot prove a key of a generic T is one of its paths.
  const confirmation = 'password_confirmation' as Path<T>;
  const errorOf = (field: Path<T>) => fieldError(get(form.formState.errors, field));
  const isFirst = name === 'password';
  return (
    <>
      <PasswordField
        label={isFirst ? t('fields.password') : t('fields.new_password')}
        description={t('fields.password_rule')}
        autoComplete="new-password"
        required
        {...form.register(name)}
        error={errorOf(name)}
      />
      <PasswordField
        label={isFirst ? t('fields.password_confirmation') : t('fields.new_password_confirmation')}
        autoComplete="new-password"
        required
        {...form.register(confirmation)}
        error={errorOf(confirmation)}
      />
    </>
  );
}
