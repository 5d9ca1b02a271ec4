import { Stack, Text } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useState } from 'react';
import { ConfirmDialog } from '../../../../components/dialogs/confirm-dialog';
import { notify } from '../../../../lib/notify';
import { useTranslation } from '../../../../lib/use-translation';
import { useDeleteQrcode, type WifiPageInUse, wifiPageInUse } from '../../api/delete-qrcode';
import { useQrFailure } from '../use-qr-failure';

interface DeleteDialogProps {
  code: QrCodeDto | null;
  onClose: () => void;
}

/**
 * Confirm with キャンセル / 「削除する」 in red; the list refreshes after the delete. A code a Wi-Fi
 * welcome page greets with is refused first (E-409 naming the page): the dialog then warns that the
 * page stays, and its confirm deletes the code naming that page.
 */
export function DeleteDialog({ code, onClose }: DeleteDialogProps) {
  const { t } = useTranslation('qrcode');
  const remove = useDeleteQrcode();
  const fail = useQrFailure();
  const [wifiPage, setWifiPage] = useState<WifiPageInUse | null>(null);

  const close = () => {
    setWifiPage(null);
    onClose();
  };

  const confirm = () => {
    if (!code) return;
    remove.mutate(
      { id: code.id, wifiPage: wifiPage ?? undefined },
      {
        onSuccess: () => {
          void notify({
            color: 'teal',
            message: t('delete.done'),
            closeButtonProps: { 'aria-label': t('common:close') },
          });
          close();
        },
        onError: (error) => {
          const page = wifiPage ? null : wifiPageInUse(error);
          if (page) {
            setWifiPage(page);
            return;
          }
          close();
          fail(error);
        },
      },
    );
  };

  return (
    <ConfirmDialog
      opened={code !== null}
      title={wifiPage ? t('delete.wifi_title') : t('delete.title')}
      confirmLabel={wifiPage ? t('delete.wifi_confirm') : t('delete.confirm')}
      onConfirm={confirm}
      onCancel={close}
      loading={remove.isPending}
      danger
    >
      <Stack gap="xs" data-testid="delete-dialog">
        {wifiPage ? (
          <Text c="red.9" data-testid="delete-wifi-warning">
            {t('delete.wifi_body', {
              status: t(`delete.wifi_status.${wifiPage.status === '2' ? '2' : '1'}`),
            })}
          </Text>
        ) : (
          <Text>{t('delete.body')}</Text>
        )}
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
