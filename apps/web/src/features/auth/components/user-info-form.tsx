import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type UserInfo, userInfoBody } from '@qrqr/shared';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/feedback/form-alert';
import { useUpdateUserInfo } from '../api/update-user-info';
import { useFormFailure } from './form-failure';
import { UserInfoFields } from './user-info-fields';

const FIELDS = ['user_name', 'company_name'] as const;

/** User name and company; the header name follows after saving. */
export function UserInfoForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('auth');
  const update = useUpdateUserInfo();
  const form = useForm({
    resolver: zodResolver(userInfoBody),
    defaultValues: { user_name: user.user_name, company_name: user.company_name },
  });
  const failure = useFormFailure(form, { fields: FIELDS });
  const { isDirty } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    failure.clear();
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
        onError: failure.show,
      },
    );
  });

  // Not an AuthForm: saving is a small right-aligned button, usable only after a change.
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <FormAlert text={failure.alert} />
        <UserInfoFields form={form} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={!isDirty}>
            {t('user_info.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
