import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  /** Defaults to 'OK' / 'キャンセル' (§9 default dialog labels). */
  confirmLabel?: string;
  cancelLabel?: string;
  /** Paints the confirm button red for irreversible actions. */
  danger?: boolean;
  loading?: boolean;
}

/** The one confirmation dialog of the app; the cancel button takes focus so Enter never destroys. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { t } = useTranslation('common');
  const { opened, title, children, onConfirm, onCancel, danger = false, loading = false } = props;
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {typeof children === 'string' ? <Text>{children}</Text> : children}
      <Group justify="flex-end" mt="lg" gap="sm">
        <Button variant="default" onClick={onCancel} data-autofocus disabled={loading}>
          {props.cancelLabel ?? t('cancel')}
        </Button>
        <Button
          color={danger ? 'red.9' : undefined}
          onClick={onConfirm}
          loading={loading}
          data-testid="confirm-ok"
        >
          {props.confirmLabel ?? t('ok')}
        </Button>
      </Group>
    </Modal>
  );
}
