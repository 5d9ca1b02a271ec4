import { IMAGE_OPTIONS } from './qr-constants';

/** What the download dialog states about an image: all lengths in millimetres. */
export interface QrSizing {
  version: number;
  /** Cells on one side of the code, without the quiet zone. */
  cells: number;
  /** Pixels on one side of the whole image, quiet zone included. */
  imagePixels: number;
  /** Side of the code region (without the quiet zone) printed at `dpi`. */
  codeRegionMm: number;
  /** Side of one cell printed at `dpi`. */
  cellMm: number;
  /** Side of the whole image printed at `dpi`. */
  imageMm: number;
}

/** Cells on one side of a QR code of this version (21 for version 1, 4 more per version). */
export function cellsForVersion(version: number): number {
  return 17 + 4 * version;
}

export function qrSizing(opts: { version: number; cellSize: number; margin: number; dpi: number }): QrSizing {
  const cells = cellsForVersion(opts.version);
  const cellMm = (opts.cellSize / opts.dpi) * IMAGE_OPTIONS.mmPerInch;
  const round = (mm: number) => Math.round(mm * 100) / 100;
  return {
    version: opts.version,
    cells,
    imagePixels: (cells + 2 * opts.margin) * opts.cellSize,
    codeRegionMm: round(cells * cellMm),
    cellMm: round(cellMm),
    imageMm: round((cells + 2 * opts.margin) * cellMm),
  };
}
