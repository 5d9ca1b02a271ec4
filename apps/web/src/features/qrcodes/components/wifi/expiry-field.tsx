import { Checkbox, Group, Input, Stack, Text } from '@mantine/core';
import { QR_LIMITS } from '@qrqr/shared/qr-constants';
import { NumberField } from '../../../../components/number-field';
import { useTranslation } from '../../../../lib/use-translation';

const DEFAULT_HOURS = 24;

interface ExpiryFieldProps {
  /** null = forever; NaN = an emptied number box (invalid until filled). */
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
}

/** Expiry of a Wi-Fi profile in hours, or 無期限; our reader hides an expired profile. */
export function ExpiryField({ value, onChange, error }: ExpiryFieldProps) {
  const { t } = useTranslation('qrcode');
  const forever = value === null;
  return (
    <Stack gap={6}>
      <Input.Label labelElement="div" id="wifi-expiry-label">
        {t('wifi.expiry_label')}
      </Input.Label>
      <Group gap="md" align="flex-start" wrap="wrap">
        <Checkbox
          mt={8}
          label={t('wifi.expiry_forever')}
          checked={forever}
          onChange={(event) => onChange(event.currentTarget.checked ? null : DEFAULT_HOURS)}
          data-testid="wifi-expiry-forever"
        />
        <NumberField
          aria-labelledby="wifi-expiry-label"
          w={160}
          disabled={forever}
          placeholder={String(DEFAULT_HOURS)}
          rightSection={
            <Text size="sm" c="dimmed" pr="xs">
              {t('wifi.hours')}
            </Text>
          }
          rightSectionWidth={56}
          value={forever || Number.isNaN(value) ? '' : value}
          onChange={(next) => onChange(typeof next === 'number' ? next : Number.NaN)}
          error={error}
          data-testid="wifi-expiry-hours"
        />
      </Group>
      <Text size="xs" c="dimmed">
        {t('wifi.expiry_help', { max: QR_LIMITS.wifiExpireHoursMax })}
      </Text>
    </Stack>
  );
}
