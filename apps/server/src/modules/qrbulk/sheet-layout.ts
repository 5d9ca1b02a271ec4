import { SHEET, type SheetPaper, sheetGrid } from '@qrqr/shared/qr-bulk-constants';

export const PT_PER_MM = 72 / 25.4;

export interface SheetLayout {
  pageWidthMm: number;
  pageHeightMm: number;
  columns: number;
  rows: number;
  perPage: number;
  /** Lower-left corner of each slot's code square on a page, in mm from the page's lower left. */
  slots: Array<{ x: number; y: number }>;
}

/**
 * Where codes of `sizeMm` (the square with its quiet zone) and their titles beneath go on a page:
 * as many columns and rows as fit inside the margins, the grid centred on the paper, filled
 * row by row from the top.
 */
export function sheetLayout(paper: SheetPaper, sizeMm: number): SheetLayout {
  const [pageWidthMm, pageHeightMm] = SHEET.papers[paper];
  const slotHeight = sizeMm + SHEET.titleMm;
  const { columns, rows } = sheetGrid(paper, sizeMm);
  const gridWidth = columns * sizeMm + (columns - 1) * SHEET.gapMm;
  const gridHeight = rows * slotHeight + (rows - 1) * SHEET.gapMm;
  const left = (pageWidthMm - gridWidth) / 2;
  const top = pageHeightMm - (pageHeightMm - gridHeight) / 2;
  const slots: SheetLayout['slots'] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++)
      slots.push({ x: left + c * (sizeMm + SHEET.gapMm), y: top - r * (slotHeight + SHEET.gapMm) - sizeMm });
  return { pageWidthMm, pageHeightMm, columns, rows, perPage: columns * rows, slots };
}
