import { Box, Stack, Table, Text } from '@mantine/core';
import type { BulkRow } from '@qrqr/shared/qr-bulk-schemas';
import { Fragment } from 'react';
import { useTranslation } from '../../../../lib/use-translation';

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * Every row of the file with what it will make; a row with errors gets them on a line of its own
 * beneath it (the create form's messages), so four narrow columns fit a phone.
 */
export function BulkPreviewTable({ rows }: { rows: BulkRow[] }) {
  const { t } = useTranslation('qrbulk');
  return (
    // A focusable region, so the rows can be scrolled from the keyboard too.
    <Box
      tabIndex={0}
      role="region"
      aria-label={t('create.table_label')}
      style={{ overflow: 'auto', maxHeight: 420 }}
    >
      <Table stickyHeader verticalSpacing={6} fz="sm" data-testid="bulk-preview">
        <Table.Thead>
          <Table.Tr>
            {/* Headings on one line, and the title its own width: a phone's four narrow columns
                cut 「タイトル」 and 「テーブル①」 mid-word. */}
            <Table.Th style={NOWRAP}>{t('create.col_line')}</Table.Th>
            <Table.Th style={{ ...NOWRAP, minWidth: '7em' }}>{t('create.col_title')}</Table.Th>
            <Table.Th style={NOWRAP}>{t('create.col_type')}</Table.Th>
            <Table.Th style={NOWRAP}>{t('create.col_content')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const bad = row.errors.length > 0;
            return (
              <Fragment key={row.line}>
                <Table.Tr data-testid="bulk-row" data-valid={!bad} bg={bad ? 'red.0' : undefined}>
                  <Table.Td>{row.line}</Table.Td>
                  {/* A long word of Latin letters may break anywhere; Japanese breaks as it always does. */}
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.title}</Table.Td>
                  <Table.Td style={NOWRAP}>
                    {row.tab === null ? t('create.type_unknown') : t(`create.type_${row.tab}`)}
                  </Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    <Text size="sm" lineClamp={2}>
                      {row.content}
                    </Text>
                  </Table.Td>
                </Table.Tr>
                {bad && (
                  <Table.Tr bg="red.0">
                    <Table.Td />
                    <Table.Td colSpan={3} pt={0}>
                      <Stack gap={2}>
                        {row.errors.map((e) => (
                          <Text key={e.field} size="sm" c="red.9" data-testid="bulk-row-error">
                            {t('create.row_error', {
                              column: t(`create.column_${e.field}`, { defaultValue: e.field }),
                              message: e.message,
                            })}
                          </Text>
                        ))}
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
