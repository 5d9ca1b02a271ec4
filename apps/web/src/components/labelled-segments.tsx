import { Input, SegmentedControl, Stack } from '@mantine/core';
import { useId } from 'react';

interface LabelledSegmentsProps<V extends string> {
  label: string;
  value: V;
  onChange: (value: V) => void;
  data: ReadonlyArray<{ value: V; label: string }>;
  /** Stretch the choices across the row (filters); a form field keeps their natural width. */
  fullWidth?: boolean;
  'data-testid'?: string;
}

/**
 * A one-of-a-few choice shown as segments, with a label above that names the group for screen
 * readers too; the id is generated so two on one page never share it.
 */
export function LabelledSegments<V extends string>(props: LabelledSegmentsProps<V>) {
  const { label, value, onChange, data, fullWidth, 'data-testid': testId } = props;
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Input.Label labelElement="div" id={labelId}>
        {label}
      </Input.Label>
      <SegmentedControl
        aria-labelledby={labelId}
        fullWidth={fullWidth}
        value={value}
        onChange={(next) => onChange(next as V)}
        data={[...data]}
        data-testid={testId}
      />
    </Stack>
  );
}
