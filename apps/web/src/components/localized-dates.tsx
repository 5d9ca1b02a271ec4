import '@mantine/dates/styles.css';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/ja';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Calendars follow the interface language (Japanese month and weekday names by default), with
 * weeks starting on Monday as spec §5 asks; Saturday and Sunday keep their colours (global.css),
 * which go by the weekday, not by the column.
 */
export function LocalizedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en' : 'ja';
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1 }}>{children}</DatesProvider>;
}
