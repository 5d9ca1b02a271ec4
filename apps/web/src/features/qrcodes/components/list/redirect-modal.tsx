import { Alert, Stack, Text, TextInput } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { UrlText } from '../../../../components/url-text';
import { fieldErrorText } from '../../../../lib/form-errors';
import { useTranslation } from '../../../../lib/use-translation';
import { useUpdateRedirectUrl } from '../../api/update-redirect-url';
import { type EditBodyProps, EditForm, EditModal } from './edit-modal';
import { useEditForm } from './use-edit-form';

interface RedirectModalProps {
  code: QrCodeDto | null;
  onClose: () => void;
}

/** A redirect code's destination changes; the printed code (our short URL) stays the same. */
export function RedirectModal({ code, onClose }: RedirectModalProps) {
  const { t } = useTranslation('qrcode');
  return (
    <EditModal code={code} onClose={onClose} title={t('redirect_edit.title')} size="lg" body={RedirectForm} />
  );
}

function RedirectForm({ code, onClose }: EditBodyProps) {
  const { t } = useTranslation('qrcode');
  const update = useUpdateRedirectUrl();
  const { form, formProps } = useEditForm({
    loadSchema: async () => (await import('../../../../lib/form-schemas')).redirectUrlUpdateBody,
    defaultValues: { id: code.id, url: code.url },
    field: 'url',
    update,
    savedMessage: t('redirect_edit.saved'),
    onClose,
  });

  return (
    <EditForm {...formProps} submitLabel={t('redirect_edit.submit')} submitTestId="redirect-save">
      <Alert variant="light" color="brand">
        {t('redirect_edit.explain')}
      </Alert>
      {code.redirect_url ? (
        <Stack gap={2}>
          <Text size="xs" c="dimmed" fw={600}>
            {t('redirect_edit.code_holds')}
          </Text>
          <Text size="sm">
            <UrlText>{code.redirect_url}</UrlText>
          </Text>
        </Stack>
      ) : null}
      <TextInput
        label={t('redirect_edit.label')}
        type="url"
        inputMode="url"
        required
        data-autofocus
        {...form.register('url')}
        error={fieldErrorText(t, form.formState.errors.url?.message)}
        data-testid="redirect-input"
      />
    </EditForm>
  );
}
