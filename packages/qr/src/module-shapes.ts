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
  for (let i = 0; i < runs.length; i += 3) {
    const [rx, ry, n] = [runs[i] as number, runs[i + 1] as number, runs[i + 2] as number];
    const first = freeCorners(m, rx, ry);
    const last = freeCorners(m, rx + n - 1, ry);
    const r = (rounded: number) => (rounded ? ROUND_RADIUS : 0);
    const [tl, tr, br, bl] = [r(first & TL), r(last & TR), r(last & BR), r(first & BL)];
    const [x, y] = [rx + ox, ry + oy];
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
    out.push(ops);
  }
  return out;
}

/**
 * The four quarter circles of a free corner, clockwise on the page, around (0, 0): worked out once,
 * since a large code has tens of thousands of corners and each is the same curve moved.
 */
const quarter = (from: number) => arcOps(0, 0, ROUND_RADIUS, from, from - 90, false)[0] as PathOp;
const QUARTERS = { tr: quarter(90), br: quarter(0), bl: quarter(-90), tl: quarter(180) };
const corner = (q: PathOp, cx: number, cy: number): PathOp => {
  const [, ax, ay, bx, by, ex, ey] = q as readonly ['C', number, number, number, number, number, number];
  return ['C', cx + ax, cy + ay, cx + bx, cy + by, cx + ex, cy + ey];
};
