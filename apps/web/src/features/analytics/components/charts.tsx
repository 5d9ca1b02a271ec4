import '@mantine/charts/styles.css';
import { BarChart, CompositeChart } from '@mantine/charts';
import type { AnalyticsDay } from '@qrqr/shared/analytics-schemas';
import { useTranslation } from '../../../lib/use-translation';

/**
 * The read log's charts. @mantine/charts and recharts are the heaviest libraries of the app, so
 * this module loads only on the read-log page (through lazy-charts.ts), after its figures.
 */

/** Reads per day (official and other apps stacked) with the day's unique users as a line. */
export function DailyChart({ days }: { days: AnalyticsDay[] }) {
  const { t } = useTranslation('readlog');
  const data = days.map((d) => ({ ...d, label: d.day.slice(5) }));
  return (
    <CompositeChart
      h={260}
      data={data}
      dataKey="label"
      withLegend
      legendProps={{ verticalAlign: 'bottom' }}
      maxBarWidth={28}
      tickLine="y"
      yAxisProps={{ allowDecimals: false }}
      barProps={{ stackId: 'reads', isAnimationActive: false }}
      lineProps={{ isAnimationActive: false }}
      series={[
        { name: 'other', label: t('chart.other'), color: 'brand.6', type: 'bar' },
        { name: 'official', label: t('chart.official'), color: 'teal.6', type: 'bar' },
        { name: 'uniques', label: t('chart.uniques'), color: 'orange.7', type: 'line' },
      ]}
      curveType="linear"
      // The page gives the same figures as a table; the drawing itself takes no keyboard focus.
      composedChartProps={{ accessibilityLayer: false }}
      data-testid="daily-chart"
    />
  );
}

/** Reads per country or prefecture, most first, as horizontal bars. */
export function RegionBars({ rows }: { rows: Array<{ name: string; reads: number }> }) {
  const { t } = useTranslation('readlog');
  return (
    <BarChart
      h={Math.max(80, rows.length * 32 + 40)}
      data={rows}
      dataKey="name"
      orientation="vertical"
      yAxisProps={{ width: 96 }}
      xAxisProps={{ allowDecimals: false }}
      barProps={{ isAnimationActive: false }}
      gridAxis="none"
      barChartProps={{ accessibilityLayer: false }}
      series={[{ name: 'reads', label: t('region.reads'), color: 'brand.6' }]}
      data-testid="region-chart"
    />
  );
}
