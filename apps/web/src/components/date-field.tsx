import { DatePickerInput } from '@mantine/dates';
import { type Ref, useId } from 'react';
import { useIsMobile } from '../lib/use-is-mobile';
import { useTranslation } from '../lib/use-translation';
import { LocalizedDates, useCalendarLook } from './localized-dates';

/**
 * One day (`YYYY-MM-DD`) picked on a calendar in the interface language (the list filters, the
 * read log, the channel CSV dialog, a coupon's validity).
 */
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
  /** False where a day is always needed (the CSV range): no clear button. */
  clearable?: boolean;
  /** How the picked day shows in the field; the interface language's format unless given. */
  valueFormat?: string;
  /** The field's button, for a form to focus it when its value is wrong. */
  ref?: Ref<HTMLButtonElement>;
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
  clearable = true,
  valueFormat,
  ref,
  testId,
}: DateFieldProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const calendarLook = useCalendarLook();
  // The calendar is named by its field: Mantine labels the popover by an id it then replaces
  // with the input's, so both get this one; the phone dialog shows the label as its title.
  const id = useId();
  return (
    <LocalizedDates>
      <DatePickerInput
        ref={ref}
        id={id}
        popoverProps={{ id }}
        modalProps={{ title: label }}
        label={label}
        placeholder={t('calendar.placeholder')}
        valueFormat={valueFormat ?? t('calendar.format')}
        value={value || null}
        onChange={(picked) => onChange(picked ?? '')}
        clearable={clearable}
        clearButtonProps={{ 'aria-label': t('calendar.clear', { label }) }}
        dropdownType={isMobile ? 'modal' : 'popover'}
        highlightToday
        {...calendarLook}
        error={error || invalid}
        maxDate={maxDate}
        aria-describedby={describedBy}
        data-testid={testId}
      />
    </LocalizedDates>
  );
}
