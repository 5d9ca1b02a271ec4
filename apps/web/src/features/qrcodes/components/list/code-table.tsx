import { Group, Stack, Table } from '@mantine/core';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../../lib/format-date';
import { useTranslation } from '../../../../lib/use-translation';
import { SharedBy } from '../../../sharing';
import { ShortLink } from '../short-link';
import { AnalysisText, CodeContent, CodeTitle, ReadsText, TypeBadge } from './code-facts';
import { CodeThumb } from './code-thumb';
import { type CodeSelection, SelectBox } from './select-box';

interface CodeTableProps {
  codes: QrCodeDto[];
  caption: string;
  actions: (code: QrCodeDto) => ReactNode;
  selection?: CodeSelection;
}

/** The desktop list: one row per code, actions at the end. */
export function CodeTable({ codes, caption, actions, selection }: CodeTableProps) {
  const { t } = useTranslation('qrcode');
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover aria-label={caption} data-testid="code-table">
        <Table.Thead>
          <Table.Tr>
            {selection && <Table.Th w={40} />}
            <Table.Th w={88} style={{ whiteSpace: 'nowrap' }}>
              {t('list.col_image')}
            </Table.Th>
            <Table.Th>{t('list.col_title')}</Table.Th>
            <Table.Th w={96}>{t('list.col_type')}</Table.Th>
            <Table.Th w={150}>{t('list.col_created')}</Table.Th>
            <Table.Th w={100} ta="right">
              {t('list.col_reads')}
            </Table.Th>
            <Table.Th w={200}>{t('list.col_analysis')}</Table.Th>
            <Table.Th w={110}>{t('list.col_actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {codes.map((code) => (
            <Table.Tr key={code.id} data-testid="code-row" data-id={code.id}>
              {selection && (
                <Table.Td>
                  <SelectBox code={code} selection={selection} />
                </Table.Td>
              )}
              <Table.Td>
                <CodeThumb code={code} width={56} />
              </Table.Td>
              <Table.Td>
                <Stack gap={2} maw={360}>
                  <CodeTitle code={code} />
                  <SharedBy code={code} />
                  <CodeContent code={code} />
                  <ShortLink code={code} withLabel />
                </Stack>
              </Table.Td>
              <Table.Td>
                <TypeBadge code={code} />
              </Table.Td>
              <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(code.created_at)}
              </Table.Td>
              <Table.Td fz="sm" ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="code-reads">
                <ReadsText code={code} />
              </Table.Td>
              <Table.Td>
                <AnalysisText code={code} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {actions(code)}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
