import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type UserInfo, userInfoBody } from '@qrqr/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/feedback/form-alert';
import { applyApiError } from '../../../lib/form-errors';
import { useUpdateUserInfo } from '../api/update-user-info';
import { useFieldError } from './field-error';

const FIELDS = ['user_name', 'company_name'] as const;

/** User name and company; the header name follows after saving. */
export function UserInfoForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const update = useUpdateUserInfo();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(userInfoBody),
    defaultValues: { user_name: user.user_name, company_name: user.company_name },
  });
  const { errors, isDirty } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setAlert(null);
    update.mutate(
      { user_name: values.user_name, company_name: values.company_name ?? '' },
      {
        onSuccess: (saved) => {
          form.reset({ user_name: saved.user_name, company_name: saved.company_name });
          notifications.show({
            color: 'teal',
            message: t('user_info.saved'),
            closeButtonProps: { 'aria-label': t('common:close') },
          });
        },
        onError: (error) => setAlert(applyApiError(error, { setError: form.setError, fields: FIELDS, t })),
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
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!isDirty}>
            {t('user_info.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
