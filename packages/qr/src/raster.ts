import type { QrMatrix } from './encode';
import { type GreyImage, paintModules } from './grey';
import type { Colour, Layout } from './layout';
import { flatten, type Ring, strokeOutline } from './outline';

/** Sub-scanlines per pixel row; horizontal coverage is exact, so 4 rows give smooth edges. */
const SUB = 4;

interface Edge {
  yTop: number;
  yBottom: number;
  /** x where the edge's line crosses y = 0, so x at y is x0 + slope * y. */
  x0: number;
  slope: number;
  dir: number;
  x: number;
}

function edgesOf(rings: Ring[]): Edge[] {
  const edges: Edge[] = [];
  for (const ring of rings) {
    const n = ring.length / 2;
    for (let i = 0; i < n; i++) {
      const j = (i + 1) % n;
      const x0 = ring[2 * i] as number;
      const y0 = ring[2 * i + 1] as number;
      const x1 = ring[2 * j] as number;
      const y1 = ring[2 * j + 1] as number;
      if (y0 === y1) continue;
      const slope = (x1 - x0) / (y1 - y0);
      const down = y1 > y0;
      edges.push({
        yTop: down ? y0 : y1,
        yBottom: down ? y1 : y0,
        x0: x0 - slope * y0,
        slope,
        dir: down ? 1 : -1,
        x: 0,
      });
    }
  }
  return edges.sort((a, b) => a.yTop - b.yTop);
}

/** Pixels per dirty flag: flushing skips untouched blocks (the white inside of a frame). */
const BLOCK = 32;

/**
 * Coverage of one pixel row: `direct` holds partial pixels at span ends, `delta` the +w/-w steps
 * of the fully covered stretch between them (a prefix sum restores it), so a span costs O(1).
 */
class RowCoverage {
  readonly direct: Float32Array;
  readonly delta: Float32Array;
  readonly dirty: Uint8Array;
  constructor(readonly width: number) {
    this.direct = new Float32Array(width + 1);
    this.delta = new Float32Array(width + 1);
    this.dirty = new Uint8Array(Math.ceil((width + 1) / BLOCK));
  }
  add(xa: number, xb: number, w: number): void {
    const a = Math.max(0, xa);
    const b = Math.min(this.width, xb);
    if (b <= a) return;
    const ia = Math.floor(a);
    const ib = Math.floor(b);
    this.dirty.fill(1, Math.floor(ia / BLOCK), Math.floor(ib / BLOCK) + 1);
    if (ia === ib) {
      this.direct[ia] = (this.direct[ia] as number) + (b - a) * w;
      return;
    }
    this.direct[ia] = (this.direct[ia] as number) + (ia + 1 - a) * w;
    this.delta[ia + 1] = (this.delta[ia + 1] as number) + w;
    this.delta[ib] = (this.delta[ib] as number) - w;
    this.direct[ib] = (this.direct[ib] as number) + (b - ib) * w;
  }
  /** Blends the touched pixels towards `value` by their coverage and clears the row. */
  flush(pixels: Uint8Array, offset: number, value: number): void {
    let run = 0;
    for (let block = 0; block < this.dirty.length; block++) {
      if (this.dirty[block] === 0) {
        run = 0;
        continue;
      }
      this.dirty[block] = 0;
      const end = Math.min(this.width, (block + 1) * BLOCK);
      for (let x = block * BLOCK; x < end; x++) {
        run += this.delta[x] as number;
        const a = run + (this.direct[x] as number);
        this.delta[x] = 0;
        this.direct[x] = 0;
        if (a >= 0.999) pixels[offset + x] = value;
        else if (a > 0.001)
          pixels[offset + x] = Math.round((pixels[offset + x] as number) * (1 - a) + value * a);
      }
    }
    this.delta[this.width] = 0;
    this.direct[this.width] = 0;
  }
}

/** Scanline fill with anti-aliased edges, blending towards grey `value`. */
export function fillRings(img: GreyImage, rings: Ring[], evenOdd: boolean, value: number): void {
  const edges = edgesOf(rings);
  if (edges.length === 0) return;
  const first = Math.max(0, Math.floor((edges[0] as Edge).yTop));
  const last = Math.min(img.height, Math.ceil(edges.reduce((m, e) => Math.max(m, e.yBottom), 0)));
  const row = new RowCoverage(img.width);
  const active: Edge[] = [];
  let next = 0;
  for (let py = first; py < last; py++) {
    for (let k = 0; k < SUB; k++) {
      const sy = py + (k + 0.5) / SUB;
      while (next < edges.length && (edges[next] as Edge).yTop <= sy) active.push(edges[next++] as Edge);
      // Drop finished edges, update x, and insertion-sort by x (the order barely changes between rows).
      let n = 0;
      for (const e of active) {
        if (e.yBottom <= sy) continue;
        e.x = e.x0 + e.slope * sy;
        let j = n++;
        while (j > 0 && (active[j - 1] as Edge).x > e.x) {
          active[j] = active[j - 1] as Edge;
          j--;
        }
        active[j] = e;
      }
      active.length = n;
      let winding = 0;
      for (let i = 0; i < n - 1; i++) {
        const e = active[i] as Edge;
        winding += evenOdd ? 1 : e.dir;
        if (evenOdd ? winding & 1 : winding !== 0) row.add(e.x, (active[i + 1] as Edge).x, 1 / SUB);
      }
    }
    row.flush(img.pixels, (img.offset ?? 0) + py * (img.stride ?? img.width), value);
  }
}

/** A layout with decoration (the Wi-Fi frame) as grey pixels; modules stay pixel-exact. */
export function rasterLayout(layout: Layout, matrix: QrMatrix, cellSize: number): GreyImage {
  const width = layout.width * cellSize;
  const height = layout.height * cellSize;
  const img = { width, height, pixels: new Uint8Array(width * height).fill(255) };
  paintShapes(img, layout, cellSize);
  paintModules(img, matrix, layout.codeX * cellSize, layout.codeY * cellSize, cellSize);
  return img;
}

/** The layout's shapes onto `img`, each blended towards its colour's value (grey: light 255, else 0). */
export function paintShapes(
  img: GreyImage,
  layout: Layout,
  cellSize: number,
  values: Record<Colour, number> = { dark: 0, light: 255, eye: 0 },
): void {
  for (const shape of layout.shapes) {
    const rings =
      shape.kind === 'fill' ? flatten(shape.ops, cellSize) : strokeOutline(shape.ops, shape.width, cellSize);
    fillRings(img, rings, shape.kind === 'fill' && shape.evenOdd === true, values[shape.colour]);
  }
}
