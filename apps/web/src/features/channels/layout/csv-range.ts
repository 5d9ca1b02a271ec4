import { channelPath } from '@qrqr/shared/channel-paths';
import dayjs from 'dayjs';

/** `YYYY-MM-DD` of today and of six days before: the last seven days by default. */
export function defaultRange(now = dayjs()): { start: string; end: string } {
  return { start: now.subtract(6, 'day').format('YYYY-MM-DD'), end: now.format('YYYY-MM-DD') };
}

/** The error flag is up when the start date is later than the end date. */
export function isRangeInvalid(start: string, end: string): boolean {
  return start !== '' && end !== '' && start > end;
}

// Days are Japanese days (times are shown in Asia/Tokyo), which has no daylight saving.
const TOKYO = '+09:00';

/** The dialog's output in Unix seconds: the start of the first day and the last second of the last day. */
export function rangeSeconds(start: string, end: string): { start_date: number; end_date: number } {
  return {
    start_date: Math.floor(Date.parse(`${start}T00:00:00${TOKYO}`) / 1000),
    end_date: Math.floor(Date.parse(`${end}T23:59:59${TOKYO}`) / 1000),
  };
}

/**
 * The download address of the dialog's output: a plain navigation the browser saves (the server
 * answers an attachment). None while the error flag (end before start) is up: the click is emitted, not sent.
 */
export function csvDownloadHref(detail: {
  channelId: number;
  start_date: number;
  end_date: number;
  invalid: boolean;
}): string | null {
  if (detail.invalid || detail.start_date > detail.end_date) return null;
  return channelPath.analyticsCsv(detail.channelId, detail.start_date, detail.end_date);
}
