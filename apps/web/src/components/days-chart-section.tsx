import { Box, Center, Loader, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';

/** A counter of the days' table: its heading and each day's figure. */
export interface DayColumn<D> {
  key: string;
  label: string;
  value: (day: D) => ReactNode;
}

interface DaysChartSectionProps<D extends { day: string }> {
  /** The title's id, which names the section. */
  titleId: string;
  texts: { title: string; loading: string; showTable: string; tableCaption: string; day: string };
  /** The (lazy) chart; a picture, so screen readers get the table instead. */
  chart: ReactNode;
  days: readonly D[];
  columns: ReadonlyArray<DayColumn<D>>;
  tableTestId: string;
}

/**
 * A chart of the days (the read log's reads, the channel's deliveries), with the same figures as a
 * table under it on request.
 */
export function DaysChartSection<D extends { day: string }>(props: DaysChartSectionProps<D>) {
  const { titleId, texts } = props;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={titleId}>
          {texts.title}
        </Title>
        <Suspense
          fallback={
            <Center h={260} role="status">
              <Loader size="sm" />
              <VisuallyHidden>{texts.loading}</VisuallyHidden>
            </Center>
          }
        >
          <div aria-hidden="true">{props.chart}</div>
        </Suspense>
        {/* The chart is a picture; its figures are here as a table, for reading aloud or copying. */}
        <details>
          <Text component="summary" size="sm" c="brand.8" style={{ cursor: 'pointer' }}>
            {texts.showTable}
          </Text>
          <DaysTable {...props} />
        </details>
      </Stack>
    </Paper>
  );
}

function DaysTable<D extends { day: string }>({
  texts,
  days,
  columns,
  tableTestId,
}: DaysChartSectionProps<D>) {
  return (
    // Scrolls by keyboard too (a focusable region named by the table's caption).
    <Box
      mah={360}
      mt="xs"
      style={{ overflow: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={texts.tableCaption}
    >
      <Table striped withTableBorder fz="sm" data-testid={tableTestId}>
        <Table.Caption>{texts.tableCaption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{texts.day}</Table.Th>
            {columns.map((c) => (
              <Table.Th key={c.key} ta="right">
                {c.label}
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
              {columns.map((c) => (
                <Table.Td key={c.key} ta="right">
                  {c.value(d)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
