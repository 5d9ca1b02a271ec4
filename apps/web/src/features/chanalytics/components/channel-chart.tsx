import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import type { ChannelDay } from '@qrqr/shared/channel-analytics-schemas';
import { useTranslation } from '../../../lib/use-translation';

/** Deliveries and opens per day as bars, the followers at day end as a line. */
export function ChannelChart({ days }: { days: ChannelDay[] }) {
  const { t } = useTranslation('channel-analytics');
  const data = days.map((d) => ({
    label: d.day.slice(5),
    deliveries: d.deliveries,
    opens: d.opens_inbox + d.opens_push,
    coupon_uses: d.coupon_uses,
    followers: d.followers,
  }));
  return (
    <CompositeChart
      h={260}
      data={data}
      dataKey="label"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      maxBarWidth={24}
      tickLine="y"
      yAxisProps={{ allowDecimals: false }}
      barProps={{ isAnimationActive: false }}
      lineProps={{ isAnimationActive: false }}
      series={[
        { name: 'deliveries', label: t('day.deliveries'), color: 'brand.6', type: 'bar' },
        { name: 'opens', label: t('totals.opened'), color: 'teal.6', type: 'bar' },
        { name: 'coupon_uses', label: t('day.coupon_uses'), color: 'grape.6', type: 'bar' },
        { name: 'followers', label: t('day.followers'), color: 'orange.7', type: 'line' },
      ]}
      curveType="linear"
      // The screen gives the same figures as a table; the drawing takes no keyboard focus.
      composedChartProps={{ accessibilityLayer: false }}
      data-testid="channel-chart"
    />
  );
}
