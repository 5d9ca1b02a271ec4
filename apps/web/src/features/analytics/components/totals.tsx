import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AnalyticsTotals } from '@qrqr/shared/analytics-schemas';
import { useTranslation } from '../../../lib/use-translation';

interface TotalsProps {
  /** The range shown. */
  range: AnalyticsTotals;
  /** Since the code was made. */
  allTime: AnalyticsTotals;
}

const KEYS = ['other', 'official', 'uniques'] as const;

/** Reads by other apps, by the official app and unique users: this period, and all time beneath. */
export function Totals({ range, allTime }: TotalsProps) {
  const { t, i18n } = useTranslation('readlog');
  const n = (v: number) => v.toLocaleString(i18n.language);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid="totals">
      {KEYS.map((key) => (
        <Paper key={key} withBorder radius="md" p="md" data-testid={`total-${key}`}>
          <Stack gap={2}>
            <Text size="sm" c="dimmed" fw={600}>
              {t(`totals.${key}`)}
            </Text>
            <Text fz={28} fw={700} lh={1.2} data-testid={`total-${key}-value`}>
              {n(range[key])}
            </Text>
            <Text size="xs" c="dimmed">
              {t('totals.all_time')}: <span data-testid={`total-${key}-all`}>{n(allTime[key])}</span>
              {key === 'uniques' ? ` · ${t('totals.uniques_help')}` : null}
            </Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
