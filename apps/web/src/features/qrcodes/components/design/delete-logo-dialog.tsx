import { Stack, Text } from '@mantine/core';
import type { LogoPictureDto } from '@qrqr/shared/qr-design-schemas';
import { ConfirmDialog } from '../../../../components/dialogs/confirm-dialog';
import { errorText } from '../../../../lib/error-text';
import { useTranslation } from '../../../../lib/use-translation';
import { codesUsingLogo, useDeleteLogoPicture } from '../../api/delete-logo-picture';

interface DeleteLogoDialogProps {
  picture: LogoPictureDto | null;
  onClose: () => void;
  onDeleted: (picture: LogoPictureDto) => void;
}

/**
 * キャンセル / 「削除する」 in red, the picture shown. Refused while saved codes draw it: the dialog
 * then says how many, and stays open until cancelled.
 */
export function DeleteLogoDialog({ picture, onClose, onDeleted }: DeleteLogoDialogProps) {
  const { t } = useTranslation('qrdesign');
  const remove = useDeleteLogoPicture();
  const close = () => {
    remove.reset();
    onClose();
  };
  const confirm = () => {
    if (!picture) return;
    remove.mutate(picture.id, {
      onSuccess: () => {
        onDeleted(picture);
        close();
      },
    });
  };
  const inUse = codesUsingLogo(remove.error);

  return (
    <ConfirmDialog
      opened={picture !== null}
      title={t('design.logo_delete_title')}
      confirmLabel={t('design.logo_delete_confirm')}
      onConfirm={confirm}
      onCancel={close}
      loading={remove.isPending}
      danger
    >
      <Stack gap="sm" data-testid="logo-delete-dialog">
        {picture ? (
          <img
            src={picture.image_url}
            alt=""
            width={72}
            height={72}
            style={{ objectFit: 'contain', alignSelf: 'center' }}
          />
        ) : null}
        <Text>{t('design.logo_delete_body')}</Text>
        {remove.error ? (
          <Text c="red.9" role="alert" data-testid="logo-delete-error">
            {inUse ? t('design.logo_delete_in_use', { count: inUse }) : errorText(remove.error, t)}
          </Text>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
