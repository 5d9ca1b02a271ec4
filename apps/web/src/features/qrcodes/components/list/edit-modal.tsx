import { Button, Group, Modal, Stack } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import type { ComponentType, FormEventHandler, ReactNode } from 'react';
import { useTranslation } from '../../../../lib/use-translation';

export interface EditBodyProps {
  code: QrCodeDto;
  onClose: () => void;
}

interface EditModalProps {
  /** The code to edit; null keeps the modal closed. */
  code: QrCodeDto | null;
  onClose: () => void;
  title: string;
  size?: 'md' | 'lg';
  body: ComponentType<EditBodyProps>;
}

/** A list row's edit modal; the body is keyed so each code opens with its own values. */
export function EditModal({ code, onClose, title, size, body: Body }: EditModalProps) {
  const { t } = useTranslation('qrcode');
  return (
    <Modal
      opened={code !== null}
      onClose={onClose}
      title={title}
      centered
      size={size}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {code ? <Body key={code.id} code={code} onClose={onClose} /> : null}
    </Modal>
  );
}

interface EditFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  submitTestId: string;
  children: ReactNode;
}

/** The fields of an edit modal, then cancel and save (cancel waits while a save is running). */
export function EditForm({
  onSubmit,
  onCancel,
  pending,
  submitLabel,
  submitTestId,
  children,
}: EditFormProps) {
  const { t } = useTranslation('qrcode');
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            {t('common:cancel')}
          </Button>
          <Button type="submit" loading={pending} data-testid={submitTestId}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
