import { Box, Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IMAGE_LIMITS } from '@qrqr/shared';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/error-text';
import { useUploadMessageImage } from '../api/upload-message-image';

interface MessageImageFieldProps {
  channelId: number;
  /** The saved picture's address (`/api/image/…`), '' for none. */
  value: string;
  onChange: (url: string) => void;
  /** Why the chosen file cannot be used; the editor refuses to save while it shows. */
  error: string | null;
  onError: (error: string | null) => void;
  /** Told while a picture is being uploaded (saving waits for it). */
  onBusy: (busy: boolean) => void;
  readOnly?: boolean;
}

const ACCEPTED = IMAGE_LIMITS.accept.split(',');

/**
 * The message picture, chosen as channel settings choose theirs: the picture (or 「未設定」) and a
 * 「画像を選ぶ」 button. Type and size are checked here for a quick answer; the file then goes
 * through the channel's message picture upload, whose address the message keeps.
 */
export function MessageImageField(props: MessageImageFieldProps) {
  const { channelId, value, onChange, error, onError, onBusy, readOnly } = props;
  const { t } = useTranslation('channel-messages');
  const id = useId();
  const reset = useRef<() => void>(null);
  const upload = useUploadMessageImage(channelId);

  const choose = async (file: File | null) => {
    reset.current?.();
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) return onError(t('messages:errors.image_type'));
    if (file.size > IMAGE_LIMITS.maxUploadBytes) return onError(t('messages:errors.image_too_big'));
    onBusy(true);
    try {
      const answer = await upload.mutateAsync(file);
      onError(null);
      onChange(answer.image_url);
    } catch (failure) {
      onError(errorText(failure, t));
    } finally {
      onBusy(false);
    }
  };

  return (
    <Stack gap={6} data-testid="message-image-field">
      <Input.Label id={`${id}-label`} labelElement="div">
        {t('edit.image')}
      </Input.Label>
      <Box
        w={240}
        h={160}
        bd="1px solid var(--mantine-color-gray-3)"
        style={{ borderRadius: 'var(--mantine-radius-sm)', display: 'grid', placeItems: 'center' }}
      >
        {value ? (
          <Image src={value} alt={t('edit.image')} h="100%" w="100%" fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            {t('edit.image_none')}
          </Text>
        )}
      </Box>
      {readOnly ? null : (
        <Group gap="xs">
          <FileButton accept={IMAGE_LIMITS.accept} onChange={choose} resetRef={reset}>
            {(button) => (
              <Button
                {...button}
                size="xs"
                variant="light"
                loading={upload.isPending}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                aria-invalid={error ? true : undefined}
                data-testid="message-image-choose"
              >
                {value ? t('edit.image_replace') : t('edit.image_choose')}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                onError(null);
                onChange('');
              }}
              data-testid="message-image-remove"
            >
              {t('edit.image_remove')}
            </Button>
          ) : null}
        </Group>
      )}
      <Text size="xs" c="dimmed" id={`${id}-hint`}>
        {t('edit.image_hint')}
      </Text>
      {error ? (
        <Input.Error id={`${id}-error`} role="alert" data-testid="message-image-error">
          {error}
        </Input.Error>
      ) : null}
    </Stack>
  );
}
