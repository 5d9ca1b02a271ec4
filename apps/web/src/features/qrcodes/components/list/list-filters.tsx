import { Button, Grid, Group, Paper, Text, TextInput } from '@mantine/core';
import { QR_LIMITS } from '@qrqr/shared/qr-constants';
import { type FormEvent, useId, useState } from 'react';
import { DateField as DateFilter } from '../../../../components/date-field';
import { useTranslation } from '../../../../lib/use-translation';
import classes from './list-filters.module.css';

export interface ListFilterValues {
  title: string;
  from: string;
  to: string;
}

interface ListFiltersProps {
  values: ListFilterValues;
  onSearch: (values: ListFilterValues) => void;
}

/** Title search and created-date range (Asia/Tokyo days, inclusive). */
export function ListFilters({ values, onSearch }: ListFiltersProps) {
  const { t } = useTranslation('qrcode');
  const [draft, setDraft] = useState(values);
  const [rangeError, setRangeError] = useState(false);
  const rangeMessageId = useId();
  const set = (patch: Partial<ListFilterValues>) => setDraft((d) => ({ ...d, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bad = Boolean(draft.from && draft.to && draft.to < draft.from);
    setRangeError(bad);
    if (!bad) onSearch({ ...draft, title: draft.title.trim() });
  };
  const clear = () => {
    const empty = { title: '', from: '', to: '' };
    setDraft(empty);
    setRangeError(false);
    onSearch(empty);
  };

  return (
    <Paper withBorder radius="md" p="md" pb={4} component="form" onSubmit={submit} noValidate role="search">
      <Grid gap="sm" align="flex-end">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TextInput
            type="search"
            label={t('filters.title')}
            placeholder={t('filters.title_placeholder')}
            maxLength={QR_LIMITS.titleMax}
            value={draft.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
            data-testid="filter-title"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 'auto' }}>
          <DateFilter
            label={t('filters.from')}
            value={draft.from}
            onChange={(from) => set({ from })}
            testId="filter-from"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 6, md: 'auto' }}>
          <DateFilter
            label={t('filters.to')}
            value={draft.to}
            onChange={(to) => set({ to })}
            invalid={rangeError}
            describedBy={rangeError ? rangeMessageId : undefined}
            testId="filter-to"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 'content' }}>
          <Group gap="xs" wrap="nowrap" className={classes.actions}>
            <Button type="submit" data-testid="filter-search">
              {t('filters.search')}
            </Button>
            <Button variant="default" onClick={clear}>
              {t('filters.clear')}
            </Button>
          </Group>
        </Grid.Col>
      </Grid>
      {/* The range message has a line of its own, kept even when empty, so the bar never moves. */}
      <Text
        id={rangeMessageId}
        size="xs"
        c="var(--mantine-color-error)"
        mih={20}
        mt={4}
        aria-live="polite"
        data-testid="filter-range-message"
      >
        {rangeError ? t('filters.range_error') : null}
      </Text>
    </Paper>
  );
}
