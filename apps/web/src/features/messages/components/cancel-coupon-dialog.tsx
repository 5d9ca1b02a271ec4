import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { MESSAGE_LIMITS } from '@qrqr/shared/message-constants';
import type { MessageDto } from '@qrqr/shared/message-schemas';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation';

/** Cancels a sent message's coupon, with the optional words (≤ 120) its followers then read. */
export function CancelCouponDialog({
  message,
  busy,
  onConfirm,
  onClose,
}: {
  message: MessageDto | null;
  busy: boolean;
  onConfirm: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('channel-messages');
  const [text, setText] = useState('');
  const length = Array.from(text).length;
  const tooLong = length > MESSAGE_LIMITS.cancelTextMax;
  return (
    <Modal
      opened={message !== null}
      onClose={onClose}
      title={t('cancel_coupon.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      <Stack gap="sm">
        <Text>{t('cancel_coupon.body', { text: message?.push_text ?? '' })}</Text>
        <Textarea
          label={t('cancel_coupon.text')}
          description={t('common_counter', { count: length, max: MESSAGE_LIMITS.cancelTextMax })}
          error={tooLong ? t('messages:validation.coupon_cancel_text_too_long') : undefined}
          autosize
          minRows={2}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-testid="coupon-cancel-text"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button
            color="red.9"
            loading={busy}
            disabled={tooLong}
            onClick={() => onConfirm(text.trim())}
            data-testid="coupon-cancel-confirm"
          >
            {t('cancel_coupon.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
