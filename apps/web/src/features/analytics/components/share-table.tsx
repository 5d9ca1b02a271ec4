import { Group, Progress, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/use-translation';

export interface ShareRow {
  key: string;
  name: ReactNode;
  reads: number;
}

interface ShareTableProps {
  /**
   * The table's name for assistive technology: `label`, or the element `labelledBy` points at.
   * Nothing is shown above the table: its first column header already says what it lists, and
   * the section's heading what the section is (a caption repeated 「国・地域」 under 「地域」).
   */
  label?: string;
  labelledBy?: string;
  nameHeader: string;
  rows: ShareRow[];
  testId: string;
}

/** Rows of "name, reads, share of the total" with a bar for the share: the region and OS tables. */
export function ShareTable({ label, labelledBy, nameHeader, rows, testId }: ShareTableProps) {
  const { t, i18n } = useTranslation('readlog');
  const total = rows.reduce((sum, r) => sum + r.reads, 0);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <Table fz="sm" verticalSpacing={6} aria-label={label} aria-labelledby={labelledBy} data-testid={testId}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{nameHeader}</Table.Th>
          {/* Kept on one line (「読み取り/数」 at 375 px); the share column gives way instead. */}
          <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
            {t('region.reads')}
          </Table.Th>
          <Table.Th w="30%">{t('region.share')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => {
          const share = total ? row.reads / total : 0;
          return (
            <Table.Tr key={row.key} data-key={row.key}>
              <Table.Td>{row.name}</Table.Td>
              <Table.Td ta="right" data-testid="reads" style={{ whiteSpace: 'nowrap' }}>
                {row.reads.toLocaleString(i18n.language)}
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Progress value={share * 100} size="sm" style={{ flex: 1 }} aria-hidden="true" />
                  <Text size="xs" c="dimmed" w={44} ta="right">
                    {percent.format(share)}
                  </Text>
                </Group>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
