import { Button, Grid, Text } from '@mantine/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { DateField } from '../../../components/date-field';
import { useTranslation } from '../../../lib/use-translation';
import { type RangeProblem, rangeError } from '../lib/range-rules';

interface CustomRangeFormProps {
  from: string;
  to: string;
  /** The latest day that can be chosen (today in Asia/Tokyo). */
  maxDay: string;
  onApply: (range: { from: string; to: string }) => void;
  /** A problem of the range in the address, shown at once. */
  initialError?: RangeProblem | null;
}

/** Start and end day of the custom tab; the figures change on "Show", never on a half-made range. */
export function CustomRangeForm({ from, to, maxDay, onApply, initialError = null }: CustomRangeFormProps) {
  const { t } = useTranslation(['readlog', 'messages']);
  const [draft, setDraft] = useState({ from, to });
  const [edited, setEdited] = useState(false);
  const [error, setError] = useState<RangeProblem | null>(initialError);
  const hintId = useId();
  // Opened before the chosen range's days arrived: an untouched form follows them when they do.
  useEffect(() => {
    if (!edited) setDraft({ from, to });
  }, [from, to, edited]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeError(draft.from, draft.to);
    setError(found);
    if (!found) onApply(draft);
  };
  const message = error ? t(`messages:${error.rule}`) : null;
  const pick = (key: 'from' | 'to') => (value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setEdited(true);
    setError(null);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="custom-range">
      <Grid gap="sm" align="flex-start">
        <Grid.Col span={{ base: 6, sm: 'auto' }}>
          <DateField
            label={t('range.from')}
            value={draft.from}
            onChange={pick('from')}
            maxDate={maxDay}
            error={error?.field === 'from' ? message : null}
            describedBy={hintId}
            testId="range-from"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, sm: 'auto' }}>
          <DateField
            label={t('range.to')}
            value={draft.to}
            onChange={pick('to')}
            maxDate={maxDay}
            error={error?.field === 'to' ? message : null}
            describedBy={hintId}
            testId="range-to"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 'content' }} pt={{ sm: 25 }}>
          {/* An invalid range dims the button (a lighter one, still legible); pressing it shows why. */}
          <Button type="submit" fullWidth variant={error ? 'light' : 'filled'} data-testid="range-apply">
            {t('range.apply')}
          </Button>
        </Grid.Col>
      </Grid>
      <Text size="xs" c="dimmed" mt={6} id={hintId}>
        {t('range.custom_hint')}
      </Text>
    </form>
  );
}
