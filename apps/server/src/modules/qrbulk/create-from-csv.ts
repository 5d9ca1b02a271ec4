import type { Locale } from '@qrqr/shared/limits';
import type { AnalysisType } from '@qrqr/shared/qr-constants';
import type { CreateQrBody } from '@qrqr/shared/qrcode-schemas';
import type { AppContext } from '../../platform/core/context';
import { createQrCodes } from '../qrcodes/lookup';
import { type ReadCsv, readCsv } from './read-csv';

/**
 * Creates the valid rows of a CSV for the member, all in one transaction (a failure leaves none);
 * the invalid rows are left out and answered with their errors, as the preview showed them.
 */
export async function createFromCsv(
  ctx: AppContext,
  input: { userId: string; bytes: Uint8Array; analysis: AnalysisType; locale: Locale },
): Promise<ReadCsv & { ids: string[] }> {
  const read = readCsv(ctx, input);
  const bodies = read.rows.flatMap((r) => (r.body ? [r.body] : [])) as CreateQrBody[];
  const ids = bodies.length ? await createQrCodes(ctx, { userId: input.userId, bodies }) : [];
  return { ...read, ids };
}
