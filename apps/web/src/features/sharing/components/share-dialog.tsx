import { Modal, Text } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useTranslation } from '../../../lib/use-translation';
import { SharePanel } from './share-panel';

interface ShareDialogProps {
  /** The code whose read log is shared, or null when closed. */
  code: QrCodeDto | null;
  onClose: () => void;
}

/** The share panel in a dialog, from the QR list's row actions; full screen at phone width. */
export function ShareDialog({ code, onClose }: ShareDialogProps) {
  const { t } = useTranslation('sharing');
  const isMobile = useIsMobile();
  return (
    <Modal
      opened={code !== null}
      onClose={onClose}
      title={t('dialog.title')}
      size="lg"
      fullScreen={isMobile}
      closeButtonProps={{ 'aria-label': t('common:close') }}
      data-testid="share-dialog"
    >
      {code ? (
        <>
          <Text size="sm" c="dimmed" mb="sm" style={{ overflowWrap: 'anywhere' }}>
            {code.title || code.url}
          </Text>
          <SharePanel qrId={code.id} onLeft={onClose} />
        </>
      ) : null}
    </Modal>
  );
}
