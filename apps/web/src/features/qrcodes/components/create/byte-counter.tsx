import { Group, Text } from '@mantine/core';
import { QR_LIMITS, utf8Length } from '@qrqr/shared';
import { useTranslation } from 'react-i18next';

interface ByteCounterProps {
  value: string;
  /** The field already shows the too-long message as its error: say it once. */
  errorShown?: boolean;
}

/** Live `n / 2331 バイト` under the content field; red with the §5 message past the limit. */
export function ByteCounter({ value, errorShown = false }: ByteCounterProps) {
  const { t } = useTranslation('qrcode');
  const bytes = utf8Length(value);
  const over = bytes > QR_LIMITS.contentBytes;
  const color = over ? 'red.9' : 'dimmed';
  return (
    <Group component="span" justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
      <Text component="span" size="xs" c={color} fw={700}>
        {over && !errorShown ? t('messages:validation.content_too_long') : ''}
      </Text>
      <Text
        component="span"
        size="xs"
        c={color}
        fw={over ? 700 : undefined}
        data-testid="byte-counter"
        data-over={over || undefined}
        style={{ whiteSpace: 'nowrap' }}
      >
        {t('form.byte_counter', { bytes, max: QR_LIMITS.contentBytes })}
      </Text>
    </Group>
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
export function byteCounterProps(value: string, errorKey: string | undefined) {
  return {
    description: <ByteCounter value={value} errorShown={errorKey === 'validation.content_too_long'} />,
    inputWrapperOrder: COUNTER_ORDER,
  };
}
