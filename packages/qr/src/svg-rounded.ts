import type { QrMatrix } from './encode';
import type { PathOp } from './layout';
import { BL, BR, QUARTERS, ROUND_RADIUS, roundedRuns, TL, TR } from './module-shapes';

/** A relative number, short: three decimals, no leading zero (`.5`, `-.276`). */
const rel = (v: number): string => String(Math.round(v * 1000) / 1000).replace(/^(-?)0\./, '$1.');

/** A path command with its numbers; a minus sign needs no space before it. */
const cmd = (letter: string, ...values: number[]): string =>
  letter + values.map(rel).join(' ').replace(/ -/g, '-');

/** A quarter circle as a relative curve from its start, `(sx, sy)` from its centre. */
const relativeQuarter = (q: PathOp, sx: number, sy: number): string => {
  const [, ...v] = q as readonly ['C', number, number, number, number, number, number];
  return cmd('c', ...v.map((d, i) => d - (i % 2 ? sy : sx)));
};

const R = ROUND_RADIUS;
const CURVE = {
  tr: relativeQuarter(QUARTERS.tr, 0, -R),
  br: relativeQuarter(QUARTERS.br, R, 0),
  bl: relativeQuarter(QUARTERS.bl, 0, R),
  tl: relativeQuarter(QUARTERS.tl, -R, 0),
};

/**
 * The rounded modules as one SVG path in relative commands: each run's outline (the same sides and
 * quarter circles as roundedModuleOps) from a move relative to the start of the previous one, since
 * a closed outline leaves the pen at its start. A run in some 30 bytes instead of a hundred or more.
 */
export function roundedPathData(m: QrMatrix, ox: number, oy: number): string {
  let d = '';
  let [px, py] = [0, 0];
  for (const { x, y, n, corners } of roundedRuns(m, ox, oy)) {
    const r = (bit: number) => (corners & bit ? R : 0);
    const [tl, tr, br, bl] = [r(TL), r(TR), r(BR), r(BL)];
    const [sx, sy] = [x + tl, y];
    d += d ? cmd('m', sx - px, sy - py) : `M${sx} ${sy}`;
    [px, py] = [sx, sy];
    d += cmd('h', n - tl - tr);
    if (tr) d += CURVE.tr;
    if (1 - tr - br) d += cmd('v', 1 - tr - br);
    if (br) d += CURVE.br;
    d += cmd('h', -(n - br - bl));
    if (bl) d += CURVE.bl;
    // Without a rounded top-left corner, closing the outline draws its left side.
    if (tl) {
      if (1 - bl - tl) d += cmd('v', -(1 - bl - tl));
      d += CURVE.tl;
    }
    d += 'z';
  }
  return d;
}
