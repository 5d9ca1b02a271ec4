import { Center, Loader, Paper, ScrollArea, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import type { AnalyticsDay } from '@qrqr/shared';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDailyChart } from './lazy-charts';

/** The daily chart, with the same figures as a table for screen readers and on request. */
export function DailySection({ days }: { days: AnalyticsDay[] }) {
  const { t } = useTranslation('readlog');
  const [table, setTable] = useState(false);
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
        <details onToggle={(e) => setTable(e.currentTarget.open)}>
          <Text component="summary" size="sm" c="brand.8" style={{ cursor: 'pointer' }}>
            {t('chart.show_table')}
          </Text>
          {table ? <DaysTable days={days} /> : null}
        </details>
        {table ? null : (
          <VisuallyHidden>
            <DaysTable days={days} />
          </VisuallyHidden>
        )}
      </Stack>
    </Paper>
  );
}

function DaysTable({ days }: { days: AnalyticsDay[] }) {
  const { t } = useTranslation('readlog');
  return (
    <ScrollArea.Autosize mah={360} mt="xs">
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
              <Table.Td>{d.day}</Table.Td>
              <Table.Td ta="right">{d.other}</Table.Td>
              <Table.Td ta="right">{d.official}</Table.Td>
              <Table.Td ta="right">{d.uniques}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
