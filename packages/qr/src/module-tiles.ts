import type { ModuleShape } from '@qrqr/shared/qr-design-constants';
import { BL, BR, DOT_RADIUS, ROUND_RADIUS, TL, TR } from './module-shapes';

/** Samples per pixel side when measuring a tile's coverage. */
const SS = 4;

/** Is the point (u, v) of a unit cell inside the shape with these rounded corners? */
function inside(shape: ModuleShape, corners: number, u: number, v: number): boolean {
  if (shape === 'dots') return (u - 0.5) ** 2 + (v - 0.5) ** 2 <= DOT_RADIUS ** 2;
  if (shape === 'square') return true;
  const r = ROUND_RADIUS;
  const corner = (flag: number, cx: number, cy: number, near: boolean) =>
    corners & flag && near && (u - cx) ** 2 + (v - cy) ** 2 > r * r;
  return !(
    corner(TL, r, r, u < r && v < r) ||
    corner(TR, 1 - r, r, u > 1 - r && v < r) ||
    corner(BR, 1 - r, 1 - r, u > 1 - r && v > 1 - r) ||
    corner(BL, r, 1 - r, u < r && v > 1 - r)
  );
}

export interface Tiles {
  /** rows[kind][k]: pixel row k of a module with corner set `kind` (one kind unless rounded). */
  rows: Uint8Array[][];
  /** sameAs[k]: an earlier row equal to row k in every kind, or -1: such rows are copied whole. */
  sameAs: number[];
}

/**
 * A module's pixels at `cs` px a cell, from 0 (ink) to `paper`, one tile per corner set (16 for
 * rounded), each row a view of its own so painting a module row is a few copies.
 */
export function moduleTiles(shape: ModuleShape, cs: number, paper: number): Tiles {
  const kinds = shape === 'rounded' ? 16 : 1;
  const rows: Uint8Array[][] = [];
  for (let corners = 0; corners < kinds; corners++) {
    const tile = new Uint8Array(cs * cs);
    for (let py = 0; py < cs; py++) {
      for (let px = 0; px < cs; px++) {
        let hits = 0;
        for (let sy = 0; sy < SS; sy++)
          for (let sx = 0; sx < SS; sx++)
            if (inside(shape, corners, (px + (sx + 0.5) / SS) / cs, (py + (sy + 0.5) / SS) / cs)) hits++;
        tile[py * cs + px] = Math.round(paper * (1 - hits / (SS * SS)));
      }
    }
    rows.push(Array.from({ length: cs }, (_, k) => tile.subarray(k * cs, (k + 1) * cs)));
  }
  const equal = (a: Uint8Array, b: Uint8Array) => a.every((v, i) => v === b[i]);
  const sameAs = Array.from({ length: cs }, (_, k) => {
    for (let j = 0; j < k; j++)
      if (rows.every((t) => equal(t[j] as Uint8Array, t[k] as Uint8Array))) return j;
    return -1;
  });
  return { rows, sameAs };
}
