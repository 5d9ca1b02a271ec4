import { Group, Stack, Text } from '@mantine/core';
import { QR_LIMITS } from '@qrqr/shared/qr-constants';
import { utf8Length } from '@qrqr/shared/text';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import classes from './create.module.css';

interface ByteCounterProps {
  value: string;
  /** The field already shows the too-long message as its error: say it once. */
  errorShown?: boolean;
  /** A line under the counter about the content (the URL that will be encoded). */
  note?: ReactNode;
}

// A kana or kanji takes 3 UTF-8 bytes, a half-width letter 1: hence "about 770 kanji or 2300 letters".
const FULL_WIDTH_BYTES = 3;

/**
 * Under a content field: what is left in characters a shop owner counts (full-width, with
 * half-width), the exact `n / 2331 バイト` as the detail, and past the limit the too-long message on a
 * line of its own so the counter row never moves or squeezes.
 */
export function ByteCounter({ value, errorShown = false, note }: ByteCounterProps) {
  const { t } = useTranslation('qrcode');
  const bytes = utf8Length(value);
  const left = QR_LIMITS.contentBytes - bytes;
  const over = left < 0;
  const color = over ? 'red.9' : 'dimmed';
  const estimate = over
    ? t('form.chars_over', { full: Math.ceil(-left / FULL_WIDTH_BYTES), half: -left })
    : t('form.chars_left', { full: Math.floor(left / FULL_WIDTH_BYTES), half: left });
  return (
    <Stack component="span" gap={4}>
      <Group component="span" justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text component="span" size="xs" c={color} fw={over ? 700 : undefined} data-testid="char-estimate">
          {estimate}
        </Text>
        <Text
          component="span"
          size="xs"
          c={color}
          data-testid="byte-counter"
          data-over={over || undefined}
          className={classes.counter}
        >
          {t('form.byte_counter', { bytes, max: QR_LIMITS.contentBytes })}
        </Text>
      </Group>
      {note}
      {over && !errorShown ? (
        <Text component="span" size="sm" c="red.9" fw={700} display="block" data-testid="content-too-long">
          {t('messages:validation.content_too_long')}
        </Text>
      ) : null}
    </Stack>
  );
}

// The counter sits between the input and its error, so the too-long message reads right under it.
const COUNTER_ORDER: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/** Props of a content input (URL, text) that show the counter for `value` under it. */
export function byteCounterProps(value: string, errorKey: string | undefined, note?: ReactNode) {
  return {
    description: (
      <ByteCounter value={value} errorShown={errorKey === 'validation.content_too_long'} note={note} />
    ),
    inputWrapperOrder: COUNTER_ORDER,
  };
}
