import { TextInput } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { fieldErrorText } from '../../../../lib/form-errors';
import { useTranslation } from '../../../../lib/use-translation';
import { useUpdateTitle } from '../../api/update-title';
import { type EditBodyProps, EditForm, EditModal } from './edit-modal';
import { useEditForm } from './use-edit-form';

interface TitleModalProps {
  code: QrCodeDto | null;
  onClose: () => void;
}

export function TitleModal({ code, onClose }: TitleModalProps) {
  const { t } = useTranslation('qrcode');
  return <EditModal code={code} onClose={onClose} title={t('title_edit.title')} body={TitleForm} />;
}

function TitleForm({ code, onClose }: EditBodyProps) {
  const { t } = useTranslation('qrcode');
  const update = useUpdateTitle();
  const { form, formProps } = useEditForm({
    loadSchema: async () => (await import('../../../../lib/form-schemas')).titleUpdateBody,
    defaultValues: { id: code.id, title: code.title },
    field: 'title',
    update,
    savedMessage: t('title_edit.saved'),
    onClose,
  });

  return (
    <EditForm {...formProps} submitLabel={t('title_edit.submit')} submitTestId="title-save">
      <TextInput
        label={t('title_edit.label')}
        description={t('title_edit.help')}
        data-autofocus
        {...form.register('title')}
        error={fieldErrorText(t, form.formState.errors.title?.message)}
        data-testid="title-input"
      />
    </EditForm>
  );
}
