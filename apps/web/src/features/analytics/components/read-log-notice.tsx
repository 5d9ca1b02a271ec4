import { Alert, Stack, Text } from '@mantine/core';
import { paths } from '@qrqr/shared/paths';
import { ANALYSIS_TYPES } from '@qrqr/shared/qr-constants';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { ButtonLink } from '../../../components/button-link';
import { useTranslation } from '../../../lib/use-translation';

export type ReadLogState = 'off' | 'paused' | 'no-reads' | 'no-reads-in-range' | 'reads';

/** Why the figures are empty, when they are: no analysis, paused, or simply no reads yet. */
export function readLogState(code: QrCodeDto, firstReadDay: string | null, rangeReads: number): ReadLogState {
  if (code.analysis_type === ANALYSIS_TYPES.none) return 'off';
  if (!code.analysis) return 'paused';
  if (firstReadDay === null) return 'no-reads';
  return rangeReads === 0 ? 'no-reads-in-range' : 'reads';
}

/** The notice above the figures that says why they are empty (or paused). */
export function ReadLogNotice({ state, code }: { state: ReadLogState; code: QrCodeDto }) {
  const { t } = useTranslation('readlog');
  if (state === 'off') {
    return (
      <Alert color="gray" variant="light" title={t('empty.off_title')} data-testid="readlog-empty-off">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('empty.off_body')}</Text>
          <ButtonLink href={paths.home} size="xs" variant="default">
            {t('empty.create_new')}
          </ButtonLink>
        </Stack>
      </Alert>
    );
  }
  if (state === 'paused') {
    return (
      <Alert
        color="yellow"
        variant="light"
        title={t('empty.paused_title')}
        data-testid="readlog-paused"
        styles={{ title: { color: 'var(--mantine-color-gray-9)' } }}
      >
        <Text size="sm">{t('empty.paused_body')}</Text>
      </Alert>
    );
  }
  if (state === 'no-reads') {
    const secret = code.analysis_type === ANALYSIS_TYPES.secret;
    return (
      <Alert color="brand" variant="light" title={t('empty.no_reads_title')} data-testid="readlog-empty-none">
        <Text size="sm">{secret ? t('empty.no_reads_secret') : t('empty.no_reads_redirect')}</Text>
      </Alert>
    );
  }
  if (state === 'no-reads-in-range') {
    return (
      <Text size="sm" c="dimmed" data-testid="readlog-empty-range">
        {t('empty.no_reads_in_range')}
      </Text>
    );
  }
  return null;
}
