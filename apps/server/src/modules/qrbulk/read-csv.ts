import type { Locale } from '@qrqr/shared/limits';
import type { AnalysisType } from '@qrqr/shared/qr-constants';
import type { AppContext } from '../../platform/core/context';
import { type CheckedRow, checkRows } from './check-rows';
import { parseCsv } from './csv-parse';
import { readRows } from './csv-rows';
import { type CsvEncoding, decodeCsv } from './csv-text';

export interface ReadCsv {
  encoding: CsvEncoding;
  rows: CheckedRow[];
}

/** An uploaded CSV decoded, parsed and every row checked: the preview, and the first step of creating. */
export function readCsv(
  ctx: Pick<AppContext, 'config'>,
  input: { bytes: Uint8Array; analysis: AnalysisType; locale: Locale },
): ReadCsv {
  const { text, encoding } = decodeCsv(input.bytes);
  const rows = readRows(parseCsv(text));
  return { encoding, rows: checkRows(ctx, { rows, analysis: input.analysis, locale: input.locale }) };
}
