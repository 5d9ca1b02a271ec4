import { Stack, Text } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/dialogs/confirm-dialog';
import { notify } from '../../../../lib/notify';
import { useDeleteQrcode } from '../../api/delete-qrcode';
import { useQrFailure } from '../use-qr-failure';

interface DeleteDialogProps {
  code: QrCodeDto | null;
  onClose: () => void;
}

/** Confirm with キャンセル / 「削除する」 in red; the list refreshes after the delete. */
export function DeleteDialog({ code, onClose }: DeleteDialogProps) {
  const { t } = useTranslation('qrcode');
  const remove = useDeleteQrcode();
  const fail = useQrFailure();

  const confirm = () => {
    if (!code) return;
    remove.mutate(code.id, {
      onSuccess: () => {
        void notify({
          color: 'teal',
          message: t('delete.done'),
          closeButtonProps: { 'aria-label': t('common:close') },
        });
        onClose();
      },
      onError: (error) => {
        onClose();
        fail(error);
      },
    });
  };

  return (
    <ConfirmDialog
      opened={code !== null}
      title={t('delete.title')}
      confirmLabel={t('delete.confirm')}
      onConfirm={confirm}
      onCancel={onClose}
      loading={remove.isPending}
      danger
    >
      <Stack gap="xs" data-testid="delete-dialog">
        <Text>{t('delete.body')}</Text>
        <Text fw={700} style={{ wordBreak: 'break-all' }}>
          {code?.title || code?.url}
        </Text>
        {code?.analysis ? (
          <Text size="sm" c="red.9">
            {t('delete.analysis_note')}
          </Text>
        ) : null}
      </Stack>
    </ConfirmDialog>
  );
}
