import type { QrMatrix } from './encode';
import type { PathOp } from './layout';
import { BL, BR, QUARTERS, ROUND_RADIUS, roundedRuns, TL, TR } from './module-shapes';
import { psNum as num } from './ps-path';

/**
 * The rounded modules in EPS: `x y n k U` adds one run's outline (k: its rounded corners,
 * TL 1 | TR 2 | BR 4 | BL 8) to the path, built by the prolog's U from the same straight sides and
 * quarter circles as roundedModuleOps, which the PDF writes out in full. A run in about a dozen
 * bytes instead of a hundred or more: a 900-byte code's EPS stays near its square one's size.
 */
export function roundedPs(m: QrMatrix, ox: number, oy: number): string[] {
  return roundedRuns(m, ox, oy).map((r) => `${num(r.x)} ${num(r.y)} ${r.n} ${r.corners} U`);
}

/** A corner procedure: the quarter circle around the centre (cx, cy) on the stack. */
const quarterPs = (name: string, q: PathOp): string => {
  const [, ...v] = q as readonly ['C', number, number, number, number, number, number];
  const xy = v.map((d, i) => `${i % 2 ? 'cy' : 'cx'} ${num(d)} add`).join(' ');
  return `/${name} { /cy exch def /cx exch def ${xy} c } bind def`;
};

const R = num(ROUND_RADIUS);
/** `/s k BIT R` sets s to R when the corner is rounded, else 0. */
const side = (name: string, bit: number) => `/${name} k ${bit} and 0 ne { ${R} } { 0 } ifelse def`;

/** The prolog's procedures for roundedPs (after m, l, c and h are defined). */
export const ROUNDED_PROLOG: readonly string[] = [
  quarterPs('Qtr', QUARTERS.tr),
  quarterPs('Qbr', QUARTERS.br),
  quarterPs('Qbl', QUARTERS.bl),
  quarterPs('Qtl', QUARTERS.tl),
  // U: x y n k. Local names in a dict of its own; a, b, e, f: the corners tl, tr, br, bl.
  `/U { 10 dict begin /k exch def /w exch def /y exch def /x exch def ${side('a', TL)} ${side('b', TR)}`,
  `${side('e', BR)} ${side('f', BL)}`,
  'x a add y m x w add b sub y l b 0 ne { x w add b sub y b add Qtr } if',
  'x w add y 1 add e sub l e 0 ne { x w add e sub y 1 add e sub Qbr } if',
  'x f add y 1 add l f 0 ne { x f add y 1 add f sub Qbl } if',
  'x y a add l a 0 ne { x a add y a add Qtl } if h end } bind def',
];
