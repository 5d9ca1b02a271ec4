import type { QrMatrix } from './encode';

/** Radius of a dot module, in cells: a little air between neighbours, still most of the cell inked. */
export const DOT_RADIUS = 0.45;
/** Corner radius of a rounded module's free corners, in cells: a lone module becomes a circle. */
export const ROUND_RADIUS = 0.5;

/** Corners of a dark module: bit set = rounded (both neighbours along that corner are light). */
export const TL = 1;
export const TR = 2;
export const BR = 4;
export const BL = 8;

const dark = (m: QrMatrix, x: number, y: number) =>
  x >= 0 && y >= 0 && x < m.size && y < m.size && m.modules[y * m.size + x] === 1;

/**
 * The free corners of module (x, y): rounded ones follow the outline of a group of modules, so
 * runs and blocks read as one soft shape and the inner corners stay square.
 */
export function freeCorners(m: QrMatrix, x: number, y: number): number {
  const up = !dark(m, x, y - 1);
  const down = !dark(m, x, y + 1);
  const left = !dark(m, x - 1, y);
  const right = !dark(m, x + 1, y);
  return (up && left ? TL : 0) | (up && right ? TR : 0) | (down && right ? BR : 0) | (down && left ? BL : 0);
}
