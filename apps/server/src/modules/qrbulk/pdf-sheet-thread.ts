import type { BulkPdfBody } from '@qrqr/shared/qr-bulk-schemas';
import type { QrCodeRow } from '../../db/schema';
import { WorkerThread } from '../../lib/worker-thread';
import type { SheetRequest } from './pdf-sheet';

/**
 * The one PDF sheet thread of the process (pdf-sheet-worker.ts), started with the first sheet: the
 * server's start loads none of pdf-lib, fontkit or HarfBuzz, and a sheet's seconds of work happen
 * beside the event loop. Idle, it keeps the font it parsed and never keeps the process alive.
 */
let thread: WorkerThread<SheetRequest, Uint8Array> | undefined;

/** The sheet of `codes` as PDF bytes, built in the sheet thread. */
export function pdfSheetInThread(
  codes: QrCodeRow[],
  options: Pick<BulkPdfBody, 'paper' | 'size_mm' | 'crop_marks'>,
): Promise<Uint8Array> {
  thread ??= new WorkerThread(new URL('./pdf-sheet-worker.cjs', import.meta.url), { name: 'pdf sheet' });
  return thread.request({
    codes: codes.map((code) => ({ payload: code.payload, title: code.title || code.content })),
    paper: options.paper,
    size_mm: options.size_mm,
    crop_marks: options.crop_marks,
  });
}
