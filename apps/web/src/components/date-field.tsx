import { DatePickerInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../lib/use-is-mobile';
import { LocalizedDates } from './localized-dates';

/** One day (`YYYY-MM-DD`) picked on a calendar in the interface language (the list filters, the read log). */
export interface DateFieldProps {
  label: string;
  /** `YYYY-MM-DD`, or '' for no bound. */
  value: string;
  onChange: (value: string) => void;
  /** Red border only, the message shown elsewhere (the list's filter bar)… */
  invalid?: boolean;
  /** …or the message under the field. */
  error?: string | null;
  /** The last day that can be picked (`YYYY-MM-DD`). */
  maxDate?: string;
  describedBy?: string;
  testId: string;
}

/** A calendar in the interface language; on a phone it opens as a dialog that fits the screen. */
export function DateField({
  label,
  value,
  onChange,
  invalid = false,
  error,
  describedBy,
  maxDate,
  testId,
}: DateFieldProps) {
  const { t } = useTranslation();
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
        placeholder={t('qrcode:filters.date_placeholder')}
        valueFormat={t('qrcode:filters.date_format')}
        value={value || null}
        onChange={(picked) => onChange(picked ?? '')}
        clearable
        clearButtonProps={{ 'aria-label': t('qrcode:filters.date_clear', { label }) }}
        dropdownType={isMobile ? 'modal' : 'popover'}
        highlightToday
        // Days of the next and previous month would only be drawn faint (too faint to read, 1.4.3).
        hideOutsideDates
        monthLabelFormat={t('qrcode:filters.calendar_month')}
        yearLabelFormat={t('qrcode:filters.calendar_year')}
        getDayAriaLabel={(day) => dayjs(day).format(t('qrcode:filters.calendar_day'))}
        // Japanese calendars print Saturdays in blue and Sundays in red (global.css).
        getDayProps={(day) => ({ 'data-saturday': dayjs(day).day() === 6 || undefined })}
        ariaLabels={{
          previousMonth: t('qrcode:filters.calendar_previous_month'),
          nextMonth: t('qrcode:filters.calendar_next_month'),
          previousYear: t('qrcode:filters.calendar_previous_year'),
          nextYear: t('qrcode:filters.calendar_next_year'),
          previousDecade: t('qrcode:filters.calendar_previous_decade'),
          nextDecade: t('qrcode:filters.calendar_next_decade'),
          monthLevelControl: t('qrcode:filters.calendar_pick_month'),
          yearLevelControl: t('qrcode:filters.calendar_pick_year'),
        }}
        error={error || invalid}
        maxDate={maxDate}
        aria-describedby={describedBy}
        data-testid={testId}
      />
    </LocalizedDates>
  );
}
