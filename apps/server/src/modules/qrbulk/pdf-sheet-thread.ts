import type { BulkPdfBody } from '@qrqr/shared/qr-bulk-schemas';
import type { QrCodeRow } from '../../db/schema';
import { WorkerThread } from '../../lib/worker-thread';
import type { AppContext } from '../../platform/core/context';
import { drawingOf } from '../qrcodes/lookup';
import type { SheetCode, SheetRequest } from './pdf-sheet';

/**
 * The one PDF sheet thread of the process (pdf-sheet-worker.ts), started with the first sheet: the
 * server's start loads none of pdf-lib, fontkit or HarfBuzz, and a sheet's seconds of work happen
 * beside the event loop. Idle, it keeps the font it parsed and never keeps the process alive.
 */
let thread: WorkerThread<SheetRequest, Uint8Array> | undefined;

/** The sheet of `codes` as PDF bytes, built in the sheet thread; each code drawn as its downloads are. */
export async function pdfSheetInThread(
  ctx: AppContext,
  codes: QrCodeRow[],
  options: Pick<BulkPdfBody, 'paper' | 'size_mm' | 'crop_marks'>,
): Promise<Uint8Array> {
  thread ??= new WorkerThread(new URL('./pdf-sheet-worker.cjs', import.meta.url), { name: 'pdf sheet' });
  const pictures = new Map<string, Promise<Buffer | undefined>>();
  const logos: Buffer[] = [];
  const sheetCodes: SheetCode[] = [];
  for (const code of codes) {
    const { design, frame, logo } = await drawingOf(ctx, code, pictures);
    // Codes sharing a logo share one Buffer (the read is shared): it travels to the thread once.
    let index = logo ? logos.indexOf(logo) : -1;
    if (logo && index < 0) index = logos.push(logo) - 1;
    sheetCodes.push({
      payload: code.payload,
      title: code.title || code.content,
      design,
      frame,
      logo: index < 0 ? undefined : index,
    });
  }
  return thread.request({
    codes: sheetCodes,
    logos,
    paper: options.paper,
    size_mm: options.size_mm,
    crop_marks: options.crop_marks,
  });
}
