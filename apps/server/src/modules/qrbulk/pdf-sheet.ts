import fontkit from '@pdf-lib/fontkit';
import { encodeFor, pdfDrawing } from '@qrqr/qr/pdf';
import { SHEET, type SheetPaper } from '@qrqr/shared/qr-bulk-constants';
import type { BulkPdfBody } from '@qrqr/shared/qr-bulk-schemas';
import type { QrDesign } from '@qrqr/shared/qr-design-constants';
import * as lib from 'pdf-lib';
import { type SheetTypeface, sheetTypeface } from './sheet-font';
import { PT_PER_MM, sheetLayout } from './sheet-layout';

/** Quiet zone around each code on the sheet, in cells (the standard's four). */
const QUIET_CELLS = 4;
const TITLE_PT = 8;
const MARK_MM = { offset: 1, length: 2 };

/** One code of a sheet: what it encodes, how it is drawn (as its downloads are), its title. */
export interface SheetCode {
  payload: string;
  title: string;
  design?: QrDesign;
  frame?: { ssid: string };
  /** Index of its logo's picture in `logos`. */
  logo?: number;
}

/** What the sheet thread is asked for: the codes, and each distinct logo picture once (PNG or JPEG). */
export interface SheetRequest extends Pick<BulkPdfBody, 'paper' | 'size_mm' | 'crop_marks'> {
  codes: SheetCode[];
  logos: Uint8Array[];
}

/**
 * A printable sheet of the codes: each fitted into a `size_mm` square (quiet zone included) and
 * drawn in vectors as its downloads are (colours, shapes, logo, call to action, a Wi-Fi code's
 * frame), each with its title beneath in Noto Sans JP (a subset of the characters printed,
 * embedded), optional crop marks at the corners of each code and title. Runs in the sheet thread
 * only (pdf-sheet-worker.ts): pdf-lib, fontkit and HarfBuzz never load on the server's main thread.
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
  const logos = await Promise.all(request.logos.map((bytes) => embedPicture(doc, bytes)));
  let page: lib.PDFPage | undefined;
  for (const [i, code] of codes.entries()) {
    const slotIndex = i % layout.perPage;
    if (slotIndex === 0)
      page = doc.addPage([layout.pageWidthMm * PT_PER_MM, layout.pageHeightMm * PT_PER_MM]);
    const slot = layout.slots[slotIndex] as { x: number; y: number };
    drawCode(
      doc,
      page as lib.PDFPage,
      code,
      code.logo === undefined ? undefined : logos[code.logo],
      slot,
      sizeMm,
    );
    drawTitle(page as lib.PDFPage, font, black, titles[i] ?? '', slot, sizeMm);
    if (request.crop_marks) drawCropMarks(page as lib.PDFPage, black, slot, sizeMm);
  }
  return doc.save();
}

/** A stored picture (PNG or JPEG, as uploads are kept) embedded once for every code that shows it. */
function embedPicture(doc: lib.PDFDocument, bytes: Uint8Array): Promise<lib.PDFImage> {
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  // A copy of its own: pdf-lib reads a JPEG from the start of its buffer, not of the view.
  const own = bytes.slice();
  return png ? doc.embedPng(own) : doc.embedJpg(own);
}

/**
 * The code as a form XObject of its own: one compressed content stream in cells (runs of modules
 * filled at once, so no seams show between rows), its logo an image resource, placed by a scaling
 * matrix that fits it into the slot's square, centred. Cheap to build for a thousand codes,
 * unlike a path object per module.
 */
function drawCode(
  doc: lib.PDFDocument,
  page: lib.PDFPage,
  code: SheetCode,
  logo: lib.PDFImage | undefined,
  slot: { x: number; y: number },
  sizeMm: number,
) {
  const drawing = pdfDrawing(encodeFor(code.payload, code.design), {
    margin: QUIET_CELLS,
    design: code.design,
    frame: code.frame,
    logo,
  });
  const { width, height, logoAt } = drawing;
  // Cells are drawn with y down from the top, as every format draws them; PDF counts y up.
  let content = `1 0 0 -1 0 ${height} cm\n${drawing.content}\n`;
  const placed = logo && logoAt ? { logo, at: logoAt } : undefined;
  if (placed)
    content += `q ${placed.at.w} 0 0 ${-placed.at.h} ${placed.at.x} ${placed.at.y + placed.at.h} cm /L Do Q\n`;
  const form = doc.context.flateStream(content, {
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, 0, width, height],
    Resources: placed ? { XObject: { L: placed.logo.ref } } : {},
  });
  const name = page.node.newXObject('QR', doc.context.register(form));
  const side = sizeMm * PT_PER_MM;
  const cell = side / Math.max(width, height);
  page.pushOperators(
    lib.pushGraphicsState(),
    lib.concatTransformationMatrix(
      cell,
      0,
      0,
      cell,
      slot.x * PT_PER_MM + (side - width * cell) / 2,
      slot.y * PT_PER_MM + (side - height * cell) / 2,
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
