import type { PathOp } from './layout';

/** A closed polygon as flat [x0, y0, x1, y1, …] in pixels. */
export type Ring = number[];

/** Segments per Bézier: enough for frame corners and the Wi-Fi fan to look round at 50 px cells. */
const CURVE_STEPS = 12;
/** Segments per half circle of a round stroke end. */
const CAP_STEPS = 8;

/** Path ops (cell units) to polylines in pixels; curves become short straight segments. */
export function flatten(ops: readonly PathOp[], scale: number): Ring[] {
  const rings: Ring[] = [];
  let ring: Ring = [];
  for (const op of ops) {
    if (op[0] === 'M') {
      if (ring.length > 0) rings.push(ring);
      ring = [op[1] * scale, op[2] * scale];
    } else if (op[0] === 'L') {
      ring.push(op[1] * scale, op[2] * scale);
    } else if (op[0] === 'C') {
      const x0 = ring[ring.length - 2] as number;
      const y0 = ring[ring.length - 1] as number;
      const [, x1, y1, x2, y2, x3, y3] = op.map((v) => (v as number) * scale) as number[] as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      for (let i = 1; i <= CURVE_STEPS; i++) {
        const t = i / CURVE_STEPS;
        const u = 1 - t;
        const a = u * u * u;
        const b = 3 * u * u * t;
        const c = 3 * u * t * t;
        const d = t * t * t;
        ring.push(a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3);
      }
    }
  }
  if (ring.length > 0) rings.push(ring);
  return rings;
}

/**
 * The outline of a stroke with round caps and joins: one capsule per segment. The capsules are all
 * traced the same way round, so filling them with the non-zero rule draws their union.
 */
export function strokeOutline(ops: readonly PathOp[], width: number, scale: number): Ring[] {
  const r = (width * scale) / 2;
  const out: Ring[] = [];
  for (const line of flatten(ops, scale)) {
    for (let i = 0; i + 3 < line.length; i += 2) {
      const [px, py, qx, qy] = line.slice(i, i + 4) as [number, number, number, number];
      const len = Math.hypot(qx - px, qy - py);
      const dx = len > 1e-9 ? (qx - px) / len : 1;
      const dy = len > 1e-9 ? (qy - py) / len : 0;
      const capsule: Ring = [];
      // Around q from +normal through the direction to -normal, then around p back to +normal.
      for (let k = 0; k <= CAP_STEPS; k++) {
        const a = (k / CAP_STEPS) * Math.PI;
        capsule.push(
          qx + r * (-dy * Math.cos(a) + dx * Math.sin(a)),
          qy + r * (dx * Math.cos(a) + dy * Math.sin(a)),
        );
      }
      for (let k = 0; k <= CAP_STEPS; k++) {
        const a = (k / CAP_STEPS) * Math.PI;
        capsule.push(
          px - r * (-dy * Math.cos(a) + dx * Math.sin(a)),
          py - r * (dx * Math.cos(a) + dy * Math.sin(a)),
        );
      }
      out.push(capsule);
    }
  }
  return out;
}
