import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';

interface BaseProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  cancelLabel?: string;
  loading?: boolean;
}

/**
 * An ordinary question may keep the default label 'OK'; an irreversible one paints its button in
 * the destructive red and must name the action (「削除する」), so nobody destroys by answering 'OK'.
 */
type ConfirmDialogProps = BaseProps &
  ({ danger?: false; confirmLabel?: string } | { danger: true; confirmLabel: string });

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
