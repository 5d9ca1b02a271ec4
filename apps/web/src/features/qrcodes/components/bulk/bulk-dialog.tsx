import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader } from '../../../../components/feedback/page-loader';
import { useIsMobile } from '../../../../lib/use-is-mobile';
import { useScreenTexts } from '../../../../lib/use-screen-texts';
import { useTranslation } from '../../../../lib/use-translation';

interface BulkDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The texts' group: `<part>.title` and `<part>.close` name the dialog and its close button. */
  part: 'create' | 'export';
  size: 'lg' | 'xl';
  testId: string;
  /** Drawn once the bulk texts are loaded (a loader until then). */
  children: () => ReactNode;
}

/** The frame both bulk dialogs share: full screen on a phone, its texts loaded only when opened. */
export function BulkDialog({ opened, onClose, part, size, testId, children }: BulkDialogProps) {
  const ready = useScreenTexts('qrbulk');
  const { t } = useTranslation('qrbulk');
  const isMobile = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={size}
      fullScreen={isMobile}
      closeButtonProps={{ 'aria-label': ready ? t(`${part}.close`) : '' }}
      title={ready ? t(`${part}.title`) : ''}
      data-testid={testId}
    >
      {ready ? children() : <PageLoader />}
    </Modal>
  );
}
