import { Stack } from '@mantine/core';
import { ANALYTICS_RANGES, type AnalyticsRange } from '@qrqr/shared/analytics-constants';
import { type ReactNode, useState } from 'react';
import { formatDate } from '../../../lib/format-date';
import type { RangeProblem } from '../lib/range-rules';
import { CustomRangeForm } from './custom-range-form';
import { type RangeTab, RangeTabs, tabOfRange } from './range-tabs';

/** What a range page keeps in its address (the read log's and the channel analytics' params). */
interface RangeAddress {
  params: { range: AnalyticsRange };
  update: (next: { range: AnalyticsRange; from?: string; to?: string }) => void;
  /** The custom days of the address, '' when none. */
  draftFrom: string;
  draftTo: string;
  invalid: RangeProblem | null;
}

/**
 * The period tabs and, on the custom tab, its day form: a tab other than custom shows its range at
 * once; the form opens on the address's days, else the days of the range chosen (once loaded: the
 * previous range's figures, kept dimmed while the next loads, are not the days chosen), else today.
 */
export function useRangeChoice(
  address: RangeAddress,
  figures: { data?: { from: string; to: string }; isPlaceholderData: boolean },
) {
  const { params, update, draftFrom, draftTo, invalid } = address;
  const shown = figures.isPlaceholderData ? undefined : figures.data;
  const [tab, setTab] = useState<RangeTab>(tabOfRange(params.range));
  const today = formatDate(Date.now());

  const chooseTab = (next: RangeTab) => {
    setTab(next);
    if (next !== 'custom') update({ range: ANALYTICS_RANGES[next] });
  };
  const tabs = <RangeTabs value={tab} onChange={chooseTab} />;
  const customForm =
    tab === 'custom' ? (
      <CustomRangeForm
        from={draftFrom || shown?.from || today}
        to={draftTo || shown?.to || today}
        maxDay={today}
        initialError={invalid}
        onApply={(range) => update({ range: ANALYTICS_RANGES.custom, ...range })}
      />
    ) : null;
  return { tabs, customForm };
}

/** The figures of the range shown: dimmed while the next range loads in their place, busy meanwhile. */
export function RangeFigures(props: {
  query: { isPlaceholderData: boolean; isFetching: boolean };
  range: { from: string; to: string };
  testId: string;
  children: ReactNode;
}) {
  return (
    <Stack
      gap="md"
      style={{ opacity: props.query.isPlaceholderData ? 0.6 : 1 }}
      aria-busy={props.query.isFetching}
      data-testid={props.testId}
      data-from={props.range.from}
      data-to={props.range.to}
    >
      {props.children}
    </Stack>
  );
}
