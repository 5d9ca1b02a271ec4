import { TextInput } from '@mantine/core';
import { type FieldValues, get, type Path, type UseFormReturn } from '../../../lib/form';
import { useTranslation } from '../../../lib/use-translation';
import { useFieldError } from './field-error';

interface UserInfoValues {
  user_name: string;
  company_name?: string;
}

/** The user name and the optional company, as set on activation and edited on the basic info screen. */
export function UserInfoFields<T extends FieldValues & UserInfoValues>({
  form,
}: {
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
}) {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  // T has these keys, but TypeScript cannot prove a key of a generic T is one of its paths.
  const userName = 'user_name' as Path<T>;
  const companyName = 'company_name' as Path<T>;
  const errorOf = (field: Path<T>) => fieldError(get(form.formState.errors, field));
  return (
    <>
      <TextInput
        label={t('fields.user_name')}
        autoComplete="name"
        required
        {...form.register(userName)}
        error={errorOf(userName)}
      />
      <TextInput
        label={t('fields.company_name')}
        description={t('fields.optional')}
        autoComplete="organization"
        {...form.register(companyName)}
        error={errorOf(companyName)}
      />
    </>
  );
}
