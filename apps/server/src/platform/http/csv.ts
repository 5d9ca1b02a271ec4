import { Readable } from 'node:stream';

/** Excel in Japan reads a CSV as Shift_JIS unless it starts with a UTF-8 byte order mark. */
export const CSV_BOM = '\uFEFF';
/** Lines per chunk written to the socket. */
const LINES_PER_CHUNK = 64;

/** A cell as CSV writes it; a cell a spreadsheet would run as a formula starts with a quote mark. */
export function csvCell(cell: string | number): string {
  if (typeof cell === 'number') return String(cell);
  const safe = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * A CSV as a stream: the BOM, then each line (cells joined, CRLF) produced as the socket takes
 * them, 64 lines a chunk, so a long export never sits whole in memory as one string.
 */
export function csvStream(lines: Iterable<ReadonlyArray<string | number>>): Readable {
  function* chunks(): Generator<string> {
    let chunk = CSV_BOM;
    let n = 0;
    for (const line of lines) {
      chunk += `${line.map(csvCell).join(',')}\r\n`;
      if (++n % LINES_PER_CHUNK === 0) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false });
}
