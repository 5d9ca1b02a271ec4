import { ANALYTICS_RANGES, ANALYTICS_SOURCES, type AnalyticsSource } from '@qrqr/shared/analytics-constants';
import { LabelledSegments } from '../../../components/labelled-segments';
import { useTranslation } from '../../../lib/use-translation';

/** The period tabs: today 0, week 1, month 2, custom 3 and all 4; `custom` opens the day form. */
export type RangeTab = 'today' | 'week' | 'month' | 'custom' | 'all';

export const RANGE_TABS: RangeTab[] = ['today', 'week', 'month', 'custom', 'all'];

export const tabOfRange = (range: number): RangeTab =>
  (Object.entries(ANALYTICS_RANGES).find(([, v]) => v === range)?.[0] as RangeTab) ?? 'week';

interface RangeTabsProps {
  value: RangeTab;
  onChange: (tab: RangeTab) => void;
}

export function RangeTabs({ value, onChange }: RangeTabsProps) {
  const { t } = useTranslation('readlog');
  return (
    <LabelledSegments
      label={t('range.label')}
      fullWidth
      value={value}
      onChange={onChange}
      data={RANGE_TABS.map((tab) => ({ value: tab, label: t(`range.${tab}`) }))}
      data-testid="range-tabs"
    />
  );
}

const SOURCES: Array<[keyof typeof ANALYTICS_SOURCES, AnalyticsSource]> = [
  ['both', ANALYTICS_SOURCES.both],
  ['other', ANALYTICS_SOURCES.other],
  ['official', ANALYTICS_SOURCES.official],
];

/** Which reads count: all, other apps (through /r/), or the official app (our reader). */
export function SourceFilter({
  value,
  onChange,
}: {
  value: AnalyticsSource;
  onChange: (v: AnalyticsSource) => void;
}) {
  const { t } = useTranslation('readlog');
  return (
    <LabelledSegments
      label={t('source.label')}
      fullWidth
      value={String(value)}
      onChange={(v) => onChange(Number(v) as AnalyticsSource)}
      data={SOURCES.map(([key, v]) => ({ value: String(v), label: t(`source.${key}`) }))}
      data-testid="source-filter"
    />
  );
}
