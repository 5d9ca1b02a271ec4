import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/use-translation';

/**
 * Calendars follow the interface language (Japanese month and weekday names by default), with
 * weeks starting on Monday; Saturday and Sunday keep their colours (global.css),
 * which go by the weekday, not by the column.
 */
export function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ja';
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}

/** What every calendar of the app shows alike (the day field's and the date picker's). */
export function useCalendarLook() {
  const { t } = useTranslation();
  return {
    // Days of the next and previous month would only be drawn faint (too faint to read, 1.4.3).
    hideOutsideDates: true,
    monthLabelFormat: t('calendar.month'),
    yearLabelFormat: t('calendar.year'),
    getDayAriaLabel: (day: string) => dayjs(day).format(t('calendar.day')),
    // Japanese calendars print Saturdays in blue and Sundays in red (global.css).
    getDayProps: (day: string) => ({ 'data-saturday': dayjs(day).day() === 6 || undefined }),
    ariaLabels: {
      previousMonth: t('calendar.previous_month'),
      nextMonth: t('calendar.next_month'),
      previousYear: t('calendar.previous_year'),
      nextYear: t('calendar.next_year'),
      previousDecade: t('calendar.previous_decade'),
      nextDecade: t('calendar.next_decade'),
      monthLevelControl: t('calendar.pick_month'),
      yearLevelControl: t('calendar.pick_year'),
    },
  };
}
