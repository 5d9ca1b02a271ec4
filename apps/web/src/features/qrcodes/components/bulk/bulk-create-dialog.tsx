import { Alert, Button, FileInput, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { BulkPreviewAnswer } from '@qrqr/shared/qr-bulk-schemas';
import { ANALYSIS_TYPES, type AnalysisType } from '@qrqr/shared/qr-constants';
import { useState } from 'react';
import { useTranslation } from '../../../../lib/use-translation';
import { previewCsv, useCreateFromCsv } from '../../api/bulk-csv';
import { BulkDialog } from './bulk-dialog';
import { BulkFailure } from './bulk-failure';
import { BulkPreviewTable } from './bulk-preview-table';
import { useBusyCall } from './use-busy-call';

const ENCODING_TEXT = {
  'utf-8': 'create.encoding_utf8',
  shift_jis: 'create.encoding_sjis',
  'utf-16': 'create.encoding_utf16',
} as const;

interface BulkCreateDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The new codes' ids, to download them at once. */
  onCreated: (ids: string[]) => void;
}

/** Codes from a CSV: choose the file, see every row's errors, then create the valid rows at once. */
export function BulkCreateDialog({ opened, onClose, onCreated }: BulkCreateDialogProps) {
  return (
    <BulkDialog opened={opened} onClose={onClose} part="create" size="xl" testId="bulk-create-dialog">
      {() => <BulkCreateBody onClose={onClose} onCreated={onCreated} />}
    </BulkDialog>
  );
}

function BulkCreateBody({ onClose, onCreated }: Omit<BulkCreateDialogProps, 'opened'>) {
  const { t } = useTranslation('qrbulk');
  const { t: tq } = useTranslation('qrcode');
  const [file, setFile] = useState<File | null>(null);
  const [analysis, setAnalysis] = useState<AnalysisType>(ANALYSIS_TYPES.none);
  const [preview, setPreview] = useState<BulkPreviewAnswer>();
  const { busy: checking, failure, run, clear } = useBusyCall();
  const create = useCreateFromCsv();
  const created = create.data;

  const check = async (next: { file: File | null; analysis: AnalysisType }) => {
    setPreview(undefined);
    clear();
    create.reset();
    const chosen = next.file;
    if (chosen)
      await run(async () => setPreview(await previewCsv({ file: chosen, analysis: next.analysis })));
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('create.intro')}</Text>
      <Text size="sm" c="dimmed">
        {t('create.columns')}
      </Text>
      <FileInput
        label={t('create.file_label')}
        placeholder={t('create.file_placeholder')}
        accept=".csv,text/csv"
        value={file}
        onChange={(next) => {
          setFile(next);
          void check({ file: next, analysis });
        }}
        clearable
        clearButtonProps={{ 'aria-label': t('create.clear_file') }}
        data-testid="bulk-file"
      />
      <NativeSelect
        label={t('create.analysis_label')}
        value={String(analysis)}
        onChange={(event) => {
          const next = Number(event.currentTarget.value) as AnalysisType;
          setAnalysis(next);
          void check({ file, analysis: next });
        }}
        data={[
          { value: String(ANALYSIS_TYPES.none), label: tq('analysis.none') },
          { value: String(ANALYSIS_TYPES.redirect), label: tq('analysis.redirect') },
          { value: String(ANALYSIS_TYPES.secret), label: tq('analysis.secret') },
        ]}
        data-testid="bulk-analysis"
      />
      {checking && <Text size="sm">{t('create.checking')}</Text>}
      <BulkFailure error={failure ?? create.error} />
      {preview && !created && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t(ENCODING_TEXT[preview.encoding])}
          </Text>
          <Text size="sm" fw={600} aria-live="polite" data-testid="bulk-summary">
            {t('create.summary', { valid: preview.valid_count, invalid: preview.invalid_count })}
          </Text>
          <BulkPreviewTable rows={preview.rows} />
        </Stack>
      )}
      {created && (
        <Alert color="teal" data-testid="bulk-created">
          {t('create.created', { count: created.created_count })}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('create.close')}
        </Button>
        {created ? (
          <Button
            onClick={() => onCreated(created.ids)}
            disabled={created.ids.length === 0}
            data-testid="bulk-download-created"
          >
            {t('create.download_created')}
          </Button>
        ) : (
          <Button
            onClick={() => file && create.mutate({ file, analysis })}
            disabled={!preview || preview.valid_count === 0}
            loading={create.isPending}
            data-testid="bulk-submit"
          >
            {t('create.submit', { count: preview?.valid_count ?? 0 })}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
