import { AppError } from '../../platform/http/errors';

/**
 * Rows of cells from CSV text (RFC 4180: commas, or tabs as Excel's Unicode text has them; double quotes doubled inside quoted cells, CRLF,
 * LF or CR line ends, line breaks inside quoted cells). Each row keeps the file line it starts on.
 * Blank lines are skipped. A quote left open is refused rather than swallowing the rest of the file.
 */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const delimiter = delimiterOf(text);
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (c === '\r' || c === '\n') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else cell += c;
  }
  if (quoted) throw AppError.field('file', 'validation.bulk_csv_quote');
  if (cell !== '' || cells.length > 0) endRow();
  return rows;
}

/** Tabs when the first line has tabs and no comma (Excel's "Unicode text" and TSV), else commas. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/[\r\n]|$/));
  return firstLine.includes('\t') && !firstLine.includes(',') ? '\t' : ',';
}
