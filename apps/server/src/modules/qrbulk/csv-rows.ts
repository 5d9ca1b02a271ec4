import {
  BULK_FIELDS,
  BULK_HEADERS,
  BULK_LIMITS,
  BULK_POSITIONAL,
  type BulkField,
} from '@qrqr/shared/qr-bulk-constants';
import { AppError } from '../../platform/http/errors';

/** One data row of the file: its line and the cells of the fields its columns name. */
export interface CsvRow {
  line: number;
  fields: Partial<Record<BulkField, string>>;
}

/** A header cell as compared: width and case folded, spaces, underscores and hyphens left out. */
export const headerKey = (cell: string) =>
  cell
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

const FIELD_BY_HEADER = new Map<string, BulkField>(
  BULK_FIELDS.flatMap((field) => BULK_HEADERS[field].map((name) => [headerKey(name), field] as const)),
);

/**
 * The data rows of a parsed CSV. A first row naming at least one known column is the header
 * (its unknown columns are ignored); otherwise columns are read by position. More than
 * BULK_LIMITS.maxRows rows refuse the whole file, before any row is checked.
 */
export function readRows(table: Array<{ line: number; cells: string[] }>): CsvRow[] {
  const first = table[0];
  const named = first?.cells.map((cell) => FIELD_BY_HEADER.get(headerKey(cell)));
  const hasHeader = named?.some((field) => field !== undefined) ?? false;
  const columns: Array<BulkField | undefined> = hasHeader ? (named ?? []) : [...BULK_POSITIONAL];
  const data = hasHeader ? table.slice(1) : table;
  if (data.length === 0) throw AppError.field('file', 'validation.bulk_csv_empty');
  if (data.length > BULK_LIMITS.maxRows) throw AppError.field('file', 'validation.bulk_csv_rows');
  return data.map(({ line, cells }) => {
    const fields: Partial<Record<BulkField, string>> = {};
    cells.forEach((cell, i) => {
      const field = columns[i];
      // A column named twice keeps its first non-empty cell.
      if (field && !fields[field]) fields[field] = cell;
    });
    return { line, fields };
  });
}
