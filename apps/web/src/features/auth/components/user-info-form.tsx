import { Button, Group, Stack } from '@mantine/core';
import type { UserInfo } from '@qrqr/shared/auth-schemas';
import { FormAlert } from '../../../components/feedback/form-alert';
import { useForm } from '../../../lib/form';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/use-translation';
import { useUpdateUserInfo } from '../api/update-user-info';
import { useFormFailure } from './form-failure';
import { UserInfoFields } from './user-info-fields';

const FIELDS = ['user_name', 'company_name'] as const;

/** User name and company; the header name follows after saving. */
export function UserInfoForm({ user }: { user: UserInfo }) {
  const { t } = useTranslation('auth');
  const update = useUpdateUserInfo();
  const form = useForm({
    resolver: lazyZodResolver(async () => (await import('../../../lib/form-schemas')).userInfoBody),
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
          void notify({
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
