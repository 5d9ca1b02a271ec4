import type { EyeShape } from '@qrqr/shared/qr-design-constants';
import { arcOps, roundedRectOps } from './geometry';
import type { PathOp, Shape } from './layout';

const circle = (cx: number, cy: number, r: number): PathOp[] => [...arcOps(cx, cy, r, 0, 360, true), ['Z']];

/**
 * One finder pattern ("eye") with its top-left at (x, y): a 7-cell ring one cell thick and a
 * 3-cell centre. Every shape keeps the 1:1:3:1:1 run a reader looks for along the middle lines.
 */
function eye(x: number, y: number, shape: EyeShape): Shape[] {
  if (shape === 'circle') {
    return [
      {
        kind: 'fill',
        ops: [...circle(x + 3.5, y + 3.5, 3.5), ...circle(x + 3.5, y + 3.5, 2.5)],
        colour: 'eye',
        evenOdd: true,
      },
      { kind: 'fill', ops: circle(x + 3.5, y + 3.5, 1.5), colour: 'eye' },
    ];
  }
  const [outer, inner, centre] = shape === 'rounded' ? [2.2, 1.3, 0.9] : [0, 0, 0];
  return [
    {
      kind: 'fill',
      ops: [...roundedRectOps(x, y, 7, 7, outer), ...roundedRectOps(x + 1, y + 1, 5, 5, inner)],
      colour: 'eye',
      evenOdd: true,
    },
    { kind: 'fill', ops: roundedRectOps(x + 2, y + 2, 3, 3, centre), colour: 'eye' },
  ];
}

/** The three eyes of a symbol of `size` cells whose top-left is at (x, y). */
export function eyeShapes(size: number, shape: EyeShape, x: number, y: number): Shape[] {
  return [...eye(x, y, shape), ...eye(x + size - 7, y, shape), ...eye(x, y + size - 7, shape)];
}

/** Is cell (cx, cy) part of a finder pattern (drawn by eyeShapes, not as a module)? */
export function inFinder(size: number, cx: number, cy: number): boolean {
  return (cx < 7 && cy < 7) || (cx >= size - 7 && cy < 7) || (cx < 7 && cy >= size - 7);
}
