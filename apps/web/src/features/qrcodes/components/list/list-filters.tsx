import { Button, Grid, Group, Paper, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { QR_LIMITS } from '@qrqr/shared';
import dayjs from 'dayjs';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalizedDates } from '../../../../components/localized-dates';
import { useIsMobile } from '../../../../lib/use-is-mobile';
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

interface DateFilterProps {
  label: string;
  /** `YYYY-MM-DD`, or '' for no bound. */
  value: string;
  onChange: (value: string) => void;
  /** Red border only: the message sits in the bar's message line (see ListFilters). */
  invalid?: boolean;
  describedBy?: string;
  testId: string;
}

/** A calendar in the interface language; on a phone it opens as a dialog that fits the screen. */
function DateFilter({ label, value, onChange, invalid = false, describedBy, testId }: DateFilterProps) {
  const { t } = useTranslation('qrcode');
  const isMobile = useIsMobile();
  // The calendar is named by its field: Mantine labels the popover by an id it then replaces
  // with the input's, so both get this one; the phone dialog shows the label as its title.
  const id = useId();
  return (
    <LocalizedDates>
      <DatePickerInput
        id={id}
        popoverProps={{ id }}
        modalProps={{ title: label }}
        label={label}
        placeholder={t('filters.date_placeholder')}
        valueFormat={t('filters.date_format')}
        value={value || null}
        onChange={(picked) => onChange(picked ?? '')}
        clearable
        clearButtonProps={{ 'aria-label': t('filters.date_clear', { label }) }}
        dropdownType={isMobile ? 'modal' : 'popover'}
        highlightToday
        // Days of the next and previous month would only be drawn faint (too faint to read, 1.4.3).
        hideOutsideDates
        monthLabelFormat={t('filters.calendar_month')}
        yearLabelFormat={t('filters.calendar_year')}
        getDayAriaLabel={(day) => dayjs(day).format(t('filters.calendar_day'))}
        // Japanese calendars print Saturdays in blue and Sundays in red (global.css).
        getDayProps={(day) => ({ 'data-saturday': dayjs(day).day() === 6 || undefined })}
        ariaLabels={{
          previousMonth: t('filters.calendar_previous_month'),
          nextMonth: t('filters.calendar_next_month'),
          previousYear: t('filters.calendar_previous_year'),
          nextYear: t('filters.calendar_next_year'),
          previousDecade: t('filters.calendar_previous_decade'),
          nextDecade: t('filters.calendar_next_decade'),
          monthLevelControl: t('filters.calendar_pick_month'),
          yearLevelControl: t('filters.calendar_pick_year'),
        }}
        error={invalid}
        aria-describedby={describedBy}
        data-testid={testId}
      />
    </LocalizedDates>
  );
}
