import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from '../../lib/use-translation';

interface ErrorDialogProps {
  opened: boolean;
  /** Without it, the default 'エラーが発生しました' detail. */
  text?: string;
  onClose: () => void;
}

export function ErrorDialog({ opened, text, onClose }: ErrorDialogProps) {
  const { t } = useTranslation('common');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('messages:errors.generic')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {/* A text of several lines (E-710 names each tag in use on its own line). */}
      <Text style={{ whiteSpace: 'pre-line' }} data-testid="error-text">
        {text ?? t('messages:errors.generic_detail')}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose} data-autofocus>
          {t('close')}
        </Button>
      </Group>
    </Modal>
  );
}
