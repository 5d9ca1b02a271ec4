import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Checkbox, List, PasswordInput, Stack, Text } from '@mantine/core';
import { paths, unsubscribeBody } from '@qrqr/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { FormAlert } from '../../../components/feedback/form-alert';
import { applyApiError } from '../../../lib/form-errors';
import { useUnsubscribe } from '../api/unsubscribe';
import { AuthCard } from '../components/auth-card';
import { useFieldError } from '../components/field-error';

// §4: leaving needs the password plus a confirmation (this box, then a final dialog).
const schema = unsubscribeBody.extend({
  confirm: z.boolean().refine((v) => v, { error: 'validation.confirm_required' }),
});

export function UnsubscribePage() {
  const { t } = useTranslation('auth');
  const fieldError = useFieldError();
  const navigate = useNavigate();
  const unsubscribe = useUnsubscribe();
  const [alert, setAlert] = useState<string | null>(null);
  const [pendingPassword, setPendingPassword] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: false } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ password }) => {
    setAlert(null);
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
          setAlert(
            applyApiError(error, {
              setError: form.setError,
              fields: ['password'],
              codeFields: { 'E-105': 'password' },
              t,
            }),
          );
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
      <FormAlert text={alert} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordInput
            label={t('fields.password')}
            autoComplete="current-password"
            required
            {...form.register('password')}
            error={fieldError(errors.password)}
          />
          <Checkbox
            label={t('unsubscribe.confirm_label')}
            {...form.register('confirm')}
            error={fieldError(errors.confirm)}
          />
          <Button type="submit" color="red.9" fullWidth loading={unsubscribe.isPending}>
            {t('unsubscribe.submit')}
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.userInfo}>
          {t('back_to_basic_info')}
        </Anchor>
      </Text>
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
