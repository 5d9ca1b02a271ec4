import { Button, Checkbox, Group, NativeSelect, Stack, Tabs, Text } from '@mantine/core';
import { SHEET, SHEET_PAPERS, type SheetPaper, sheetGrid } from '@qrqr/shared/qr-bulk-constants';
import { IMAGE_FORMATS, IMAGE_OPTIONS } from '@qrqr/shared/qr-constants';
import { useState } from 'react';
import { PageLoader } from '../../../../components/feedback/page-loader';
import { NumberField } from '../../../../components/number-field';
import { useTranslation } from '../../../../lib/use-translation';
import { type BulkExport, downloadExport } from '../../api/bulk-export';
import { BulkDialog } from './bulk-dialog';
import { BulkFailure } from './bulk-failure';
import { useBusyCall } from './use-busy-call';

interface BulkExportDialogProps {
  /** The codes to export; null keeps the dialog closed. */
  ids: string[] | null;
  onClose: () => void;
}

/** The selected codes as a ZIP of images, a PDF sheet to print, or the list as CSV. */
export function BulkExportDialog({ ids, onClose }: BulkExportDialogProps) {
  return (
    <BulkDialog opened={ids !== null} onClose={onClose} part="export" size="lg" testId="bulk-export-dialog">
      {() => (ids ? <ExportBody ids={ids} onClose={onClose} /> : <PageLoader />)}
    </BulkDialog>
  );
}

const perPage = (paper: SheetPaper, sizeMm: number) => {
  const size = Math.min(SHEET.maxCodeMm, Math.max(SHEET.minCodeMm, sizeMm || SHEET.defaultCodeMm));
  const { columns, rows } = sheetGrid(paper, size);
  return columns * rows;
};

const FORMATS = [
  { value: String(IMAGE_FORMATS.png), label: 'PNG' },
  { value: String(IMAGE_FORMATS.jpeg), label: 'JPEG' },
  { value: String(IMAGE_FORMATS.svg), label: 'SVG' },
  { value: String(IMAGE_FORMATS.eps), label: 'EPS' },
];

function ExportBody({ ids, onClose }: { ids: string[]; onClose: () => void }) {
  const { t } = useTranslation('qrbulk');
  const [tab, setTab] = useState<string | null>('zip');
  const [format, setFormat] = useState(String(IMAGE_FORMATS.png));
  const [cellSize, setCellSize] = useState<number | string>(IMAGE_OPTIONS.defaultCellSize);
  const [paper, setPaper] = useState<SheetPaper>('A4');
  const [sizeMm, setSizeMm] = useState<number | string>(SHEET.defaultCodeMm);
  const [cropMarks, setCropMarks] = useState(false);
  const { busy, failure, run: runCall } = useBusyCall();
  const run = (request: BulkExport) => runCall(() => downloadExport(request));
  const download = (request: BulkExport, testId: string) => (
    <Button onClick={() => void run(request)} loading={busy} data-testid={testId}>
      {busy ? t('export.downloading') : t('export.download')}
    </Button>
  );

  return (
    <Stack gap="md">
      <Text size="sm" fw={600}>
        {t('export.count', { count: ids.length })}
      </Text>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List grow>
          <Tabs.Tab value="zip">{t('export.tab_zip')}</Tabs.Tab>
          <Tabs.Tab value="pdf">{t('export.tab_pdf')}</Tabs.Tab>
          <Tabs.Tab value="csv">{t('export.tab_csv')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="zip" pt="md">
          <Stack gap="sm">
            <Text size="sm">{t('export.zip_help')}</Text>
            <NativeSelect
              label={t('export.format')}
              data={FORMATS}
              value={format}
              onChange={(e) => setFormat(e.currentTarget.value)}
              data-testid="bulk-format"
            />
            <NumberField
              label={t('export.cell_size')}
              value={cellSize}
              onChange={setCellSize}
              data-testid="bulk-cell-size"
            />
            <Group justify="flex-end">
              {download(
                { kind: 'zip', body: { ids, type: Number(format) as 1, op_size: Number(cellSize) } },
                'bulk-zip',
              )}
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="pdf" pt="md">
          <Stack gap="sm">
            <Text size="sm">{t('export.pdf_help', { paper, perPage: perPage(paper, Number(sizeMm)) })}</Text>
            <NativeSelect
              label={t('export.paper')}
              data={SHEET_PAPERS}
              value={paper}
              onChange={(e) => setPaper(e.currentTarget.value as SheetPaper)}
            />
            <NumberField
              label={t('export.size_mm')}
              value={sizeMm}
              onChange={setSizeMm}
              data-testid="bulk-size-mm"
            />
            <Checkbox
              label={t('export.crop_marks')}
              checked={cropMarks}
              onChange={(e) => setCropMarks(e.currentTarget.checked)}
            />
            <Group justify="flex-end">
              {download(
                { kind: 'pdf', body: { ids, paper, size_mm: Number(sizeMm), crop_marks: cropMarks } },
                'bulk-pdf',
              )}
            </Group>
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="csv" pt="md">
          <Stack gap="sm">
            <Text size="sm">{t('export.csv_help')}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => void run({ kind: 'csv', body: {} })} disabled={busy}>
                {t('export.csv_all')}
              </Button>
              {download({ kind: 'csv', body: { ids } }, 'bulk-csv')}
            </Group>
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <BulkFailure error={failure} />
      <Group justify="flex-end">
        <Button variant="subtle" onClick={onClose} data-testid="bulk-export-close">
          {t('export.close')}
        </Button>
      </Group>
    </Stack>
  );
}
