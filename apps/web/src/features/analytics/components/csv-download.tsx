import { Button, Stack, Text } from '@mantine/core';
import { ANALYTICS_LIMITS, daySpan } from '@qrqr/shared/analytics-constants';
import { analyticsPath } from '@qrqr/shared/paths';
import { useTranslation } from '../../../lib/use-translation';

/** The daily figures of the period shown as a CSV (a plain navigation; the server streams it). */
export function CsvDownload({ id, from, to }: { id: string; from: string; to: string }) {
  const { t } = useTranslation('readlog');
  if (daySpan(from, to) > ANALYTICS_LIMITS.spanDaysMax) {
    return (
      <Text size="sm" c="dimmed" data-testid="csv-too-long">
        {t('csv.too_long')}
      </Text>
    );
  }
  const href = `${analyticsPath.csv(id)}?${new URLSearchParams({ from, to })}`;
  return (
    <Stack gap={4} align="flex-start">
      <Button component="a" href={href} download variant="default" data-testid="csv-download">
        {t('csv.button')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('csv.help', { from, to })}
      </Text>
    </Stack>
  );
}
