import { Alert, Checkbox, List, Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/feedback/form-alert';
import { useForm } from '../../../lib/form';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver';
import { useNavigate } from '../../../lib/router';
import { useTranslation } from '../../../lib/use-translation';
import { useUnsubscribe } from '../api/unsubscribe';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { BackToBasicInfo } from '../components/back-to-basic-info';
import { CurrentPasswordInput } from '../components/current-password-input';
import { useFieldError } from '../components/field-error';
import { useFormFailure } from '../components/form-failure';

// Leaving needs the password plus a confirmation (this box, then a final dialog).
const loadSchema = async () => (await import('../../../lib/form-schemas')).unsubscribeFormSchema;

export function UnsubscribePage() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const unsubscribe = useUnsubscribe();
  const [pendingPassword, setPendingPassword] = useState<string | null>(null);
  const form = useForm({
    resolver: lazyZodResolver(loadSchema),
    defaultValues: { password: '', confirm: false },
  });
  const failure = useFormFailure(form, { fields: ['password'], codeFields: { 'E-105': 'password' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password }) => {
    failure.clear();
    setPendingPassword(password);
  });

  const onConfirm = () => {
    if (pendingPassword === null) return;
    unsubscribe.mutate(
      { password: pendingPassword },
      {
        onSuccess: () => navigate(paths.unsubscribeComplete, { replace: true }),
        onError: (error) => {
          setPendingPassword(null);
          failure.show(error);
        },
      },
    );
  };

  return (
    <AuthCard title={t('unsubscribe.title')}>
      <Alert color="red" variant="light" title={t('unsubscribe.warning_title')}>
        <Text size="sm">{t('unsubscribe.warning_body')}</Text>
        <List size="sm" mt="xs" spacing={2}>
          <List.Item>{t('unsubscribe.item_codes')}</List.Item>
          <List.Item>{t('unsubscribe.item_channels')}</List.Item>
          <List.Item>{t('unsubscribe.item_account')}</List.Item>
        </List>
      </Alert>
      <FormAlert text={failure.alert} />
      <AuthForm
        onSubmit={onSubmit}
        submitLabel={t('unsubscribe.submit')}
        pending={unsubscribe.isPending}
        submitProps={{ color: 'red.9' }}
      >
        <CurrentPasswordInput
          label={t('fields.password')}
          {...form.register('password')}
          error={fieldError(errors.password)}
        />
        <Checkbox
          label={t('unsubscribe.confirm_label')}
          {...form.register('confirm')}
          error={fieldError(errors.confirm)}
        />
      </AuthForm>
      <BackToBasicInfo />
      <ConfirmDialog
        opened={pendingPassword !== null}
        title={t('unsubscribe.dialog_title')}
        confirmLabel={t('unsubscribe.dialog_confirm')}
        onConfirm={onConfirm}
        onCancel={() => setPendingPassword(null)}
        loading={unsubscribe.isPending}
        danger
      >
        {t('unsubscribe.dialog_body')}
      </ConfirmDialog>
    </AuthCard>
  );
}
