import fontkit from '@pdf-lib/fontkit';
import { encodeQr, type QrMatrix } from '@qrqr/qr';
import { SHEET, type SheetPaper } from '@qrqr/shared/qr-bulk-constants';
import type { BulkPdfBody } from '@qrqr/shared/qr-bulk-schemas';
import * as lib from 'pdf-lib';
import { type SheetTypeface, sheetTypeface } from './sheet-font';
import { PT_PER_MM, sheetLayout } from './sheet-layout';

/** Quiet zone around each code on the sheet, in cells (the standard's four). */
const QUIET_CELLS = 4;
const TITLE_PT = 8;
const MARK_MM = { offset: 1, length: 2 };

/** What the sheet thread is asked for: each code's payload and the title printed under it. */
export interface SheetRequest extends Pick<BulkPdfBody, 'paper' | 'size_mm' | 'crop_marks'> {
  codes: Array<{ payload: string; title: string }>;
}

/**
 * A printable sheet of the codes: `size_mm` squares (quiet zone included) drawn as vector
 * modules, each with its title beneath in Noto Sans JP (a subset of the characters printed,
 * embedded), optional crop marks at the corners of each code and title. The plain symbol is drawn,
 * without design or Wi-Fi frame: the title under it names it. Runs in the sheet thread only
 * (pdf-sheet-worker.ts): pdf-lib, fontkit and HarfBuzz never load on the server's main thread.
 */
export async function pdfSheet(request: SheetRequest): Promise<Uint8Array> {
  const { codes, size_mm: sizeMm } = request;
  const layout = sheetLayout(request.paper as SheetPaper, sizeMm);
  const doc = await lib.PDFDocument.create();
  doc.registerFontkit(fontkit);
  const black = lib.rgb(0, 0, 0);
  // Titles are fitted first, so the embedded font holds exactly the characters printed.
  const typeface = await sheetTypeface();
  const titles = codes.map((code) => fitted(typeface, code.title, sizeMm * PT_PER_MM));
  const font = await doc.embedFont(await typeface.subset([...new Set(titles.join(''))].join('')));
  let page: lib.PDFPage | undefined;
  for (const [i, code] of codes.entries()) {
    const slotIndex = i % layout.perPage;
    if (slotIndex === 0)
      page = doc.addPage([layout.pageWidthMm * PT_PER_MM, layout.pageHeightMm * PT_PER_MM]);
    const slot = layout.slots[slotIndex] as { x: number; y: number };
    drawCode(doc, page as lib.PDFPage, encodeQr(code.payload), slot, sizeMm);
    drawTitle(page as lib.PDFPage, font, black, titles[i] ?? '', slot, sizeMm);
    if (request.crop_marks) drawCropMarks(page as lib.PDFPage, black, slot, sizeMm);
  }
  return doc.save();
}

/**
 * The dark modules as a form XObject of its own: one compressed content stream of rectangles (one
 * per horizontal run, in module units, filled once, so no seams show between rows), placed by a
 * scaling matrix. Cheap to build for a thousand codes, unlike a path object per module.
 */
function drawCode(
  doc: lib.PDFDocument,
  page: lib.PDFPage,
  matrix: QrMatrix,
  slot: { x: number; y: number },
  sizeMm: number,
) {
  const { size, modules } = matrix;
  let ops = '';
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (!modules[y * size + x]) continue;
      let end = x;
      while (end + 1 < size && modules[y * size + end + 1]) end++;
      ops += `${x} ${size - y - 1} ${end - x + 1} 1 re\n`;
      x = end;
    }
  }
  const form = doc.context.flateStream(`0 g\n${ops}f\n`, {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, size, size],
  });
  const name = page.node.newXObject('QR', doc.context.register(form));
  const cell = (sizeMm * PT_PER_MM) / (size + 2 * QUIET_CELLS);
  page.pushOperators(
    lib.pushGraphicsState(),
    lib.concatTransformationMatrix(
      cell,
      0,
      0,
      cell,
      slot.x * PT_PER_MM + QUIET_CELLS * cell,
      slot.y * PT_PER_MM + QUIET_CELLS * cell,
    ),
    lib.drawObject(name),
    lib.popGraphicsState(),
  );
}

/** A title on one line, cut with an ellipsis to `width` points. */
function fitted(typeface: SheetTypeface, title: string, width: number): string {
  const text = title.replace(/\s+/g, ' ').trim();
  const full = typeface.width(text, TITLE_PT);
  if (full <= width) return text;
  const chars = Array.from(text);
  for (let keep = Math.floor((chars.length * width) / full); keep > 0; keep--) {
    const cut = `${chars.slice(0, keep).join('')}…`;
    if (typeface.width(cut, TITLE_PT) <= width) return cut;
  }
  return '';
}

/** The title centred under the code. */
function drawTitle(
  page: lib.PDFPage,
  font: lib.PDFFont,
  color: lib.Color,
  text: string,
  slot: { x: number; y: number },
  sizeMm: number,
) {
  if (!text) return;
  const width = sizeMm * PT_PER_MM;
  page.drawText(text, {
    x: slot.x * PT_PER_MM + (width - font.widthOfTextAtSize(text, TITLE_PT)) / 2,
    y: slot.y * PT_PER_MM - TITLE_PT - 2,
    size: TITLE_PT,
    font,
    color,
  });
}

/** Short hairlines outside each corner of the code-and-title cell, where the cut goes. */
function drawCropMarks(page: lib.PDFPage, color: lib.Color, slot: { x: number; y: number }, sizeMm: number) {
  const mm = (v: number) => v * PT_PER_MM;
  const left = slot.x;
  const right = slot.x + sizeMm;
  const top = slot.y + sizeMm;
  const bottom = slot.y - SHEET.titleMm;
  const { offset, length } = MARK_MM;
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({
      start: { x: mm(x1), y: mm(y1) },
      end: { x: mm(x2), y: mm(y2) },
      thickness: 0.25,
      color,
    });
  for (const [x, dx] of [
    [left, -1],
    [right, 1],
  ] as const)
    for (const [y, dy] of [
      [top, 1],
      [bottom, -1],
    ] as const) {
      line(x + dx * offset, y, x + dx * (offset + length), y);
      line(x, y + dy * offset, x, y + dy * (offset + length));
    }
}
