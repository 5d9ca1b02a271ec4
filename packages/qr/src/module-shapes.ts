import type { QrMatrix } from './encode';
import { arcOps } from './geometry';
import type { PathOp } from './layout';
import { darkRuns } from './runs';

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

/**
 * The rounded modules as path operations, one closed outline per dark run with its free corners as
 * quarter circles of ROUND_RADIUS (cell (x, y) drawn at x + ox, y + oy). SVG, EPS and PDF each only
 * write these out, so the three draw the same shape.
 */
export function roundedModuleOps(m: QrMatrix, ox: number, oy: number): PathOp[][] {
  const runs = darkRuns(m);
  const out: PathOp[][] = [];
  const corner = (cx: number, cy: number, r: number, from: number): PathOp[] =>
    r > 0 ? arcOps(cx, cy, r, from, from - 90, false) : [];
  for (let i = 0; i < runs.length; i += 3) {
    const [rx, ry, n] = [runs[i] as number, runs[i + 1] as number, runs[i + 2] as number];
    const first = freeCorners(m, rx, ry);
    const last = freeCorners(m, rx + n - 1, ry);
    const r = (rounded: number) => (rounded ? ROUND_RADIUS : 0);
    const [tl, tr, br, bl] = [r(first & TL), r(last & TR), r(last & BR), r(first & BL)];
    const [x, y] = [rx + ox, ry + oy];
    out.push([
      ['M', x + tl, y],
      ['L', x + n - tr, y],
      ...corner(x + n - tr, y + tr, tr, 90),
      ['L', x + n, y + 1 - br],
      ...corner(x + n - br, y + 1 - br, br, 0),
      ['L', x + bl, y + 1],
      ...corner(x + bl, y + 1 - bl, bl, -90),
      ['L', x, y + tl],
      ...corner(x + tl, y + tl, tl, 180),
      ['Z'],
    ]);
  }
  return out;
}
