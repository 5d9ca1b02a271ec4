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

/** One dark run of the rounded shape: cells x … x + n - 1 of row y, and its rounded corners (TL|TR|BR|BL). */
export interface RoundedRun {
  x: number;
  y: number;
  n: number;
  corners: number;
}

/**
 * The dark runs with the corners their outline rounds: the left ones of the first cell's, the right
 * ones of the last cell's (cell (x, y) at x + ox, y + oy). roundedModuleOps draws them; EPS and SVG
 * write them shorter, from the same runs and the same quarter circles.
 */
export function roundedRuns(m: QrMatrix, ox: number, oy: number): RoundedRun[] {
  const runs = darkRuns(m);
  const out: RoundedRun[] = [];
  for (let i = 0; i < runs.length; i += 3) {
    const [rx, ry, n] = [runs[i] as number, runs[i + 1] as number, runs[i + 2] as number];
    const corners = (freeCorners(m, rx, ry) & (TL | BL)) | (freeCorners(m, rx + n - 1, ry) & (TR | BR));
    out.push({ x: rx + ox, y: ry + oy, n, corners });
  }
  return out;
}

/**
 * The rounded modules as path operations, one closed outline per dark run with its free corners as
 * quarter circles of ROUND_RADIUS. PDF writes these out; SVG and EPS draw the same outline.
 */
export function roundedModuleOps(m: QrMatrix, ox: number, oy: number): PathOp[][] {
  return roundedRuns(m, ox, oy).map(({ x, y, n, corners }) => {
    const r = (bit: number) => (corners & bit ? ROUND_RADIUS : 0);
    const [tl, tr, br, bl] = [r(TL), r(TR), r(BR), r(BL)];
    const ops: PathOp[] = [
      ['M', x + tl, y],
      ['L', x + n - tr, y],
    ];
    if (tr) ops.push(corner(QUARTERS.tr, x + n - tr, y + tr));
    ops.push(['L', x + n, y + 1 - br]);
    if (br) ops.push(corner(QUARTERS.br, x + n - br, y + 1 - br));
    ops.push(['L', x + bl, y + 1]);
    if (bl) ops.push(corner(QUARTERS.bl, x + bl, y + 1 - bl));
    ops.push(['L', x, y + tl]);
    if (tl) ops.push(corner(QUARTERS.tl, x + tl, y + tl));
    ops.push(['Z']);
    return ops;
  });
}

/**
 * The four quarter circles of a free corner, clockwise on the page, around (0, 0): worked out once,
 * since a large code has tens of thousands of corners and each is the same curve moved.
 */
const quarter = (from: number) => arcOps(0, 0, ROUND_RADIUS, from, from - 90, false)[0] as PathOp;
export const QUARTERS = { tr: quarter(90), br: quarter(0), bl: quarter(-90), tl: quarter(180) };
const corner = (q: PathOp, cx: number, cy: number): PathOp => {
  const [, ax, ay, bx, by, ex, ey] = q as readonly ['C', number, number, number, number, number, number];
  return ['C', cx + ax, cy + ay, cx + bx, cy + by, cx + ex, cy + ey];
};
