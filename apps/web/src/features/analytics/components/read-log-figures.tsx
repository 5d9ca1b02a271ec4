import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AnalyticsData } from '@qrqr/shared/analytics-schemas';
import { ANALYSIS_TYPES } from '@qrqr/shared/qr-constants';
import type { ReactNode } from 'react';
import { RetryAlert } from '../../../components/feedback/retry-alert';
import { KeepDates } from '../../../components/keep-dates';
import { useTranslation } from '../../../lib/use-translation';
import { useReadGraph } from '../api/get-read-graph';
import { useReadLogParams } from '../lib/read-log-params';
import { CsvDownload } from './csv-download';
import { DailySection } from './daily-section';
import { OsSection } from './os-section';
import { RangeFigures, useRangeChoice } from './range-choice';
import { SourceFilter } from './range-tabs';
import { ReadLogNotice, readLogState } from './read-log-notice';
import { ReadLogSkeleton } from './read-log-skeleton';
import { RegionSection } from './region-section';
import { Totals } from './totals';

/** The period and source controls and everything they select: totals, chart, region, OS, CSV. */
export function ReadLogFigures({ log }: { log: AnalyticsData }) {
  const { t } = useTranslation('readlog');
  const id = log.qrcode.id;
  const address = useReadLogParams();
  const { params, update, invalid } = address;
  // A code without analysis has no figures to ask for: the notice says why and what to do.
  const off = log.qrcode.analysis_type === ANALYSIS_TYPES.none;
  const graph = useReadGraph(id, params, !invalid && !off);
  const data = graph.data;
  const range = useRangeChoice(address, graph);
  const rangeReads = data ? data.totals.official + data.totals.other : 0;
  const state = readLogState(log.qrcode, log.first_read_day, rangeReads);

  let figures: ReactNode = <ReadLogSkeleton />;
  if (invalid) figures = null;
  else if (graph.isError) figures = <RetryAlert error={graph.error} onRetry={() => void graph.refetch()} />;
  else if (data) {
    figures = (
      <RangeFigures query={graph} range={data} testId="readlog-figures">
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600} data-testid="range-shown" aria-live="polite">
            <KeepDates>{t('range.showing', { from: data.from, to: data.to })}</KeepDates>
          </Text>
        </Group>
        {state === 'no-reads-in-range' ? <ReadLogNotice state={state} code={log.qrcode} /> : null}
        <Totals range={data.totals} allTime={log.totals} />
        <DailySection days={data.days} />
        <RegionSection graph={data} />
        <OsSection os={data.os} />
        <CsvDownload id={id} from={data.from} to={data.to} />
      </RangeFigures>
    );
  }

  if (off) return <ReadLogNotice state="off" code={log.qrcode} />;

  return (
    <Stack gap="md">
      {state === 'no-reads-in-range' || state === 'reads' ? null : (
        <ReadLogNotice state={state} code={log.qrcode} />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {range.tabs}
        <SourceFilter value={params.type} onChange={(type) => update({ type })} />
      </SimpleGrid>
      {range.customForm}
      {figures}
    </Stack>
  );
}
