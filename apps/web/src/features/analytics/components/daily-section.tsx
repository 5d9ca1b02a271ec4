import { Box, Center, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { AnalyticsDay } from '@qrqr/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDailyChart } from './lazy-charts';

/** The daily chart, with the same figures as a table under it on request. */
export function DailySection({ days }: { days: AnalyticsDay[] }) {
  const { t } = useTranslation('readlog');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="daily-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="daily-title">
          {t('chart.title')}
        </Title>
        <Suspense
          fallback={
            <Center h={260} role="status">
              <Loader size="sm" />
              <VisuallyHidden>{t('chart.loading')}</VisuallyHidden>
            </Center>
          }
        >
          <div aria-hidden="true">
            <LazyDailyChart days={days} />
          </div>
        </Suspense>
        {/* The chart is a picture; its figures are here as a table, for reading aloud or copying. */}
        <details>
          <Text component="summary" size="sm" c="brand.8" style={{ cursor: 'pointer' }}>
            {t('chart.show_table')}
          </Text>
          <DaysTable days={days} />
        </details>
      </Stack>
    </Paper>
  );
}

function DaysTable({ days }: { days: AnalyticsDay[] }) {
  const { t } = useTranslation('readlog');
  return (
    // Scrolls by keyboard too (a focusable region named by the table's caption).
    <Box
      mah={360}
      mt="xs"
      style={{ overflow: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={t('chart.table_caption')}
    >
      <Table striped withTableBorder fz="sm" data-testid="days-table">
        <Table.Caption>{t('chart.table_caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('chart.day')}</Table.Th>
            <Table.Th ta="right">{t('chart.other')}</Table.Th>
            <Table.Th ta="right">{t('chart.official')}</Table.Th>
            <Table.Th ta="right">{t('chart.uniques')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {days.map((d) => (
            <Table.Tr key={d.day} data-day={d.day}>
              <Table.Td>
                <time dateTime={d.day}>{d.day}</time>
              </Table.Td>
              <Table.Td ta="right">{d.other}</Table.Td>
              <Table.Td ta="right">{d.official}</Table.Td>
              <Table.Td ta="right">{d.uniques}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
