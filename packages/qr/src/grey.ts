import type { QrMatrix } from './encode';
import { darkRuns } from './runs';

/** Pixels of one 8-bit grey image, row-major, 0 black, 255 white. */
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
  /** Bytes from one row to the next (default `width`) and before the first pixel (default 0):
   * a designed code is drawn straight into PNG scanlines, each led by its filter byte. */
  stride?: number;
  offset?: number;
}

/**
 * Paints the modules into `img` with the symbol's top-left at pixel (left, top): one pixel row per
 * module row, copied cellSize times.
 */
export function paintModules(img: GreyImage, matrix: QrMatrix, left: number, top: number, cs: number): void {
  const { width, pixels } = img;
  const runs = darkRuns(matrix);
  let r = 0;
  for (let my = 0; my < matrix.size; my++) {
    const first = (top + my * cs) * width;
    const row = pixels.subarray(first, first + width);
    for (; r < runs.length && runs[r + 1] === my; r += 3) {
      const x = left + (runs[r] as number) * cs;
      row.fill(0, x, x + (runs[r + 2] as number) * cs);
    }
    for (let k = 1; k < cs; k++) pixels.copyWithin(first + k * width, first, first + width);
  }
}

/** A plain code (no frame) as grey pixels: white quiet zone, black modules. */
export function plainGrey(matrix: QrMatrix, cellSize: number, margin: number): GreyImage {
  const side = (matrix.size + 2 * margin) * cellSize;
  const img = { width: side, height: side, pixels: new Uint8Array(side * side).fill(255) };
  paintModules(img, matrix, margin * cellSize, margin * cellSize, cellSize);
  return img;
}
