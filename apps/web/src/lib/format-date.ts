/** DESIGN §5: times are stored in UTC and shown in Asia/Tokyo, whatever the browser's zone. */
const TIME_ZONE = 'Asia/Tokyo';

const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function parts(value: number | string | Date): Record<string, string> | null {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const out: Record<string, string> = {};
  for (const part of formatter.formatToParts(date)) out[part.type] = part.value;
  return out;
}

/** `yyyy-MM-dd HH:mm` in Asia/Tokyo (§5 display format plus the time); '' for an invalid time. */
export function formatDateTime(value: number | string | Date): string {
  const p = parts(value);
  return p ? `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}` : '';
}

/** `yyyy-MM-dd` in Asia/Tokyo; '' for an invalid time. */
export function formatDate(value: number | string | Date): string {
  const p = parts(value);
  return p ? `${p.year}-${p.month}-${p.day}` : '';
}
