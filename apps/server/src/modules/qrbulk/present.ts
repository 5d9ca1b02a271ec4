import type { BulkPreviewAnswer } from '@qrqr/shared/qr-bulk-schemas';
import type { ReadCsv } from './read-csv';

/** The preview's answer: every row with its errors, and how many will be created. */
export function presentRows(read: ReadCsv): BulkPreviewAnswer {
  const rows = read.rows.map((r) => r.row);
  const valid = rows.filter((r) => r.errors.length === 0).length;
  return { encoding: read.encoding, rows, valid_count: valid, invalid_count: rows.length - valid };
}
