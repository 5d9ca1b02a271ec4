import { Box, type BoxProps, Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { IMAGE_LIMITS } from '@qrqr/shared/image-limits';
import { type Ref, useId, useRef } from 'react';
import { useTranslation } from '../lib/use-translation';

const ACCEPTED = IMAGE_LIMITS.accept.split(',');

interface PictureChooserProps {
  /** The test ids' stem: `{testId}-field`, `-choose`, `-remove` and `-error`. */
  testId: string;
  texts: Record<'label' | 'alt' | 'none' | 'choose' | 'replace' | 'remove' | 'hint', string>;
  /** The picture's frame: its size and look differ by where the picture goes. */
  frame: BoxProps;
  /** The picture shown; empty for none. */
  value: string | null;
  /** Why the chosen file cannot be used (the form refuses to save while it shows). */
  error: string | null;
  onError: (error: string | null) => void;
  /** A file of an accepted type and size was chosen. */
  onFile: (file: File) => void;
  /** The remove button was pressed (the error is cleared first). */
  onRemove: () => void;
  /** The choose button, focused when saving is refused for the picture. */
  buttonRef?: Ref<HTMLButtonElement>;
  /** The chosen file is still being sent (a spinner on the choose button). */
  loading?: boolean;
  /** The remove button waits (while a form that uploads at once sends the picture). */
  removeDisabled?: boolean;
  readOnly?: boolean;
}

/**
 * A picture chosen as channel settings choose theirs: the picture (or 「未設定」), a 「画像を選ぶ」
 * button and one to remove it. Type and size are checked here for a quick answer; the server
 * sniffs the bytes.
 */
export function PictureChooser(props: PictureChooserProps) {
  const { testId, texts, value, error, onError, readOnly } = props;
  const { t } = useTranslation();
  const id = useId();
  // Cleared after each choice, so choosing the same file again (after fixing it) is seen.
  const reset = useRef<() => void>(null);

  const choose = (file: File | null) => {
    reset.current?.();
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) onError(t('messages:errors.image_type'));
    else if (file.size > IMAGE_LIMITS.maxUploadBytes) onError(t('messages:errors.image_too_big'));
    else props.onFile(file);
  };

  return (
    <Stack gap={6} data-testid={`${testId}-field`}>
      <Input.Label id={`${id}-label`} labelElement="div">
        {texts.label}
      </Input.Label>
      <Box {...props.frame}>
        {value ? (
          <Image src={value} alt={texts.alt} h="100%" w="100%" fit="contain" />
        ) : (
          <Text size="sm" c="dimmed">
            {texts.none}
          </Text>
        )}
      </Box>
      {readOnly ? null : (
        <Group gap="xs">
          <FileButton accept={IMAGE_LIMITS.accept} onChange={choose} resetRef={reset}>
            {(button) => (
              <Button
                {...button}
                ref={props.buttonRef}
                size="xs"
                variant="light"
                loading={props.loading}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
                aria-invalid={error ? true : undefined}
                data-testid={`${testId}-choose`}
              >
                {value ? texts.replace : texts.choose}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button
              size="xs"
              variant="default"
              disabled={props.removeDisabled}
              onClick={() => {
                onError(null);
                props.onRemove();
              }}
              data-testid={`${testId}-remove`}
            >
              {texts.remove}
            </Button>
          ) : null}
        </Group>
      )}
      <Text size="xs" c="dimmed" id={`${id}-hint`}>
        {texts.hint}
      </Text>
      {error ? (
        <Input.Error id={`${id}-error`} role="alert" data-testid={`${testId}-error`}>
          {error}
        </Input.Error>
      ) : null}
    </Stack>
  );
}
