import type { AnalyticsDay } from '@qrqr/shared/analytics-schemas';
import { type DayColumn, DaysChartSection } from '../../../components/days-chart-section';
import { useTranslation } from '../../../lib/use-translation';
import { LazyDailyChart } from './lazy-charts';

const COUNTERS = ['other', 'official', 'uniques'] as const;

/** The daily chart of reads, with the same figures as a table under it on request. */
export function DailySection({ days }: { days: AnalyticsDay[] }) {
  const { t } = useTranslation('readlog');
  const columns: Array<DayColumn<AnalyticsDay>> = COUNTERS.map((k) => ({
    key: k,
    label: t(`chart.${k}`),
    value: (d) => d[k],
  }));
  return (
    <DaysChartSection
      titleId="daily-title"
      texts={{
        title: t('chart.title'),
        loading: t('chart.loading'),
        showTable: t('chart.show_table'),
        tableCaption: t('chart.table_caption'),
        day: t('chart.day'),
      }}
      chart={<LazyDailyChart days={days} />}
      days={days}
      columns={columns}
      tableTestId="days-table"
    />
  );
}
