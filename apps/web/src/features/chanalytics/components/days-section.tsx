import { CHANNEL_DAY_COUNTERS } from '@qrqr/shared/channel-analytics-constants';
import type { ChannelDay } from '@qrqr/shared/channel-analytics-schemas';
import { type DayColumn, DaysChartSection } from '../../../components/days-chart-section';
import { useTranslation } from '../../../lib/use-translation';
import { LazyChannelChart } from './lazy-chart';

/** The chart of the days, with every counter of every day as a table under it on request. */
export function DaysSection({ days }: { days: ChannelDay[] }) {
  const { t } = useTranslation('channel-analytics');
  const columns: Array<DayColumn<ChannelDay>> = [
    { key: 'followers', label: t('day.followers'), value: (d) => d.followers },
    ...CHANNEL_DAY_COUNTERS.map((k) => ({ key: k, label: t(`day.${k}`), value: (d: ChannelDay) => d[k] })),
  ];
  return (
    <DaysChartSection
      titleId="channel-days-title"
      texts={{
        title: t('chart.title'),
        loading: t('chart.loading'),
        showTable: t('chart.show_table'),
        tableCaption: t('chart.table_caption'),
        day: t('day.day'),
      }}
      chart={<LazyChannelChart days={days} />}
      days={days}
      columns={columns}
      tableTestId="channel-days-table"
    />
  );
}
