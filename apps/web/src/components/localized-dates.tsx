import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/ja';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Calendars follow the interface language (Japanese month and weekday names by default), with
 * weeks starting on Sunday as Japanese calendars do.
 */
export function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ja';
  return <DatesProvider settings={{ locale, firstDayOfWeek: 0 }}>{children}</DatesProvider>;
}
