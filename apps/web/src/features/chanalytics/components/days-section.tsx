import { Box, Center, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { CHANNEL_DAY_COUNTERS, type ChannelDay } from '@qrqr/shared';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyChannelChart } from './lazy-chart';

/** The chart of the days, with every counter of every day as a table under it on request. */
export function DaysSection({ days }: { days: ChannelDay[] }) {
  const { t } = useTranslation('channel-analytics');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="channel-days-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="channel-days-title">
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
            <LazyChannelChart days={days} />
          </div>
        </Suspense>
        <details>
          <Text component="summary" size="sm" c="brand.8" style={{ cursor: 'pointer' }}>
            {t('chart.show_table')}
          </Text>
          <Box
            mah={360}
            mt="xs"
            style={{ overflow: 'auto' }}
            tabIndex={0}
            role="region"
            aria-label={t('chart.table_caption')}
          >
            <Table striped withTableBorder fz="sm" data-testid="channel-days-table">
              <Table.Caption>{t('chart.table_caption')}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('day.day')}</Table.Th>
                  <Table.Th ta="right">{t('day.followers')}</Table.Th>
                  {CHANNEL_DAY_COUNTERS.map((k) => (
                    <Table.Th key={k} ta="right">
                      {t(`day.${k}`)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {days.map((d) => (
                  <Table.Tr key={d.day} data-day={d.day}>
                    <Table.Td>
                      <time dateTime={d.day}>{d.day}</time>
                    </Table.Td>
                    <Table.Td ta="right">{d.followers}</Table.Td>
                    {CHANNEL_DAY_COUNTERS.map((k) => (
                      <Table.Td key={k} ta="right">
                        {d[k]}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        </details>
      </Stack>
    </Paper>
  );
}
