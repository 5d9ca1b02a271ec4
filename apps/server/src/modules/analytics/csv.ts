import { Readable } from 'node:stream';
import type { Locale } from '@qrqr/shared/limits';
import { translate } from '@qrqr/shared/messages';
import type { Db } from '../../db/client';
import { eachDay } from './days';
import { dayRows } from './queries';

/** Excel in Japan reads a CSV as Shift_JIS unless it starts with a UTF-8 byte order mark. */
const BOM = '\uFEFF';
/** Lines per chunk written to the socket. */
const LINES_PER_CHUNK = 64;

/**
 * The daily figures of one code as a CSV stream: BOM, a header in the request's language, then one
 * line per day of the range (zeros included), written to the socket as it is produced.
 */
export async function dailyCsv(
  db: Db,
  qrId: string,
  from: string,
  to: string,
  locale: Locale,
): Promise<Readable> {
  const rows = new Map((await dayRows(db, qrId, from, to)).map((r) => [r.day, r]));
  const header = ['csv_day', 'csv_official', 'csv_other', 'csv_uniques'].map((k) =>
    quote(translate(`analytics.${k}`, locale)),
  );
  function* lines(): Generator<string> {
    let chunk = `${BOM}${header.join(',')}\r\n`;
    let n = 0;
    for (const day of eachDay(from, to)) {
      const r = rows.get(day);
      chunk += r
        ? `${day},${r.official},${r.other},${r.uniques_official + r.uniques_other}\r\n`
        : `${day},0,0,0\r\n`;
      if (++n % LINES_PER_CHUNK === 0) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(lines(), { objectMode: false });
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** `qr-<id>-<from>-<to>.csv`; ids are URL-safe, so the name needs no encoding. */
export function csvFilename(id: string, from: string, to: string): string {
  return `qr-${id.replace(/[^A-Za-z0-9_-]/g, '')}-${from}-${to}.csv`;
}
