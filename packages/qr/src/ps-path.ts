import type { PathOp } from './layout';

/** Coordinates in cells, short: PostScript and PDF need no more precision than this at any print size. */
export const psNum = (v: number): string => String(Math.round(v * 10000) / 10000);

/**
 * Path operations in the operator syntax PostScript and PDF share: `x y m`, `x y l`, `x1 y1 x2 y2 x y c`
 * and `h` (PDF's own operators; the EPS prolog defines the same short names). One string per operation:
 * PDF puts each on a line, EPS a path on one.
 */
export function psPathOps(ops: readonly PathOp[]): string[] {
  return ops.map((op) =>
    op[0] === 'Z'
      ? 'h'
      : `${op
          .slice(1)
          .map((v) => psNum(v as number))
          .join(' ')} ${op[0] === 'M' ? 'm' : op[0] === 'L' ? 'l' : 'c'}`,
  );
}
