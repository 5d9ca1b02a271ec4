import { Box, Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IMAGE_LIMITS } from '@qrqr/shared';
import { type Ref, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './coupons.module.css';

interface PictureInputProps {
  /** The picture shown: a data URL just chosen, or the saved picture's address; null for none. */
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  /** Why the chosen file cannot be used (the form refuses to save while it shows). */
  error: string | null;
  onError: (error: string | null) => void;
  /** The choose button, focused when saving is refused for the picture. */
  buttonRef?: Ref<HTMLButtonElement>;
  /** The chosen picture is still on its way (a form that uploads it at once: Wi-Fi pages). */
  busy?: boolean;
}

const ACCEPTED = IMAGE_LIMITS.accept.split(',');

/**
 * The coupon's picture, as channel settings choose theirs: the picture (or 「未設定」), a
 * 「画像を選ぶ」 button and one to remove it. The file is read into a data URL for the preview and
 * the save call; type and size are checked here for a quick answer, the server sniffs the bytes.
 */
export function PictureInput({ value, onChange, error, onError, buttonRef, busy }: PictureInputProps) {
  const { t } = useTranslation('coupons');
  const id = useId();
  // Cleared after each choice, so choosing the same file again (after fixing it) is seen.
  const reset = useRef<() => void>(null);

  const choose = (next: File | null) => {
    reset.current?.();
    if (!next) return;
    if (!ACCEPTED.includes(next.type)) {
      onError(t('messages:errors.image_type'));
      return;
    }
    if (next.size > IMAGE_LIMITS.maxUploadBytes) {
      onError(t('messages:errors.image_too_big'));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      onError(null);
      onChange(typeof reader.result === 'string' ? reader.result : null);
    };
    reader.onerror = () => onError(t('messages:errors.image_unreadable'));
    reader.readAsDataURL(next);
  };

  return (
    <Stack gap={6} data-testid="coupon-picture-field">
      <Input.Label id={`${id}-label`} labelElement="div">
        {t('create.fields.image')}
      </Input.Label>
      <Box className={classes.pictureBox}>
        {value ? (
          <Image src={value} alt={t('card.picture')} h="100%" w="100%" fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            {t('create.fields.image_none')}
          </Text>
        )}
      </Box>
      <Group gap="xs">
        <FileButton accept={IMAGE_LIMITS.accept} onChange={choose} resetRef={reset}>
          {(props) => (
            <Button
              {...props}
              ref={buttonRef}
              size="xs"
              variant="light"
              loading={busy}
              aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
              aria-invalid={error ? true : undefined}
              data-testid="coupon-picture-choose"
            >
              {value ? t('create.fields.image_replace') : t('create.fields.image_choose')}
            </Button>
          )}
        </FileButton>
        {value ? (
          <Button
            size="xs"
            variant="default"
            disabled={busy}
            onClick={() => {
              onError(null);
              onChange(null);
            }}
            data-testid="coupon-picture-remove"
          >
            {t('create.fields.image_remove')}
          </Button>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" id={`${id}-hint`}>
        {t('create.fields.image_hint')}
      </Text>
      {error ? (
        <Input.Error id={`${id}-error`} role="alert" data-testid="coupon-picture-error">
          {error}
        </Input.Error>
      ) : null}
    </Stack>
  );
}
