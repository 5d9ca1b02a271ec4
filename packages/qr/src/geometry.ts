import type { PathOp } from './layout';

/**
 * A circular arc as cubic Béziers of at most 90° each (angles in degrees, counter-clockwise as on
 * paper, y down on the page). Cubics draw the same in SVG, PostScript and our rasteriser.
 */
export function arcOps(cx: number, cy: number, r: number, from: number, to: number, move: boolean): PathOp[] {
  const parts = Math.max(1, Math.ceil(Math.abs(to - from) / 90));
  const step = ((to - from) / parts) * (Math.PI / 180);
  const k = (4 / 3) * Math.tan(step / 4);
  const at = (a: number) => [cx + r * Math.cos(a), cy - r * Math.sin(a)] as const;
  const a0 = from * (Math.PI / 180);
  const ops: PathOp[] = [];
  if (move) ops.push(['M', ...at(a0)]);
  for (let i = 0; i < parts; i++) {
    const a = a0 + i * step;
    const b = a + step;
    const [x0, y0] = at(a);
    const [x3, y3] = at(b);
    // Tangents of a counter-clockwise arc, with y pointing down the page.
    const c1 = [x0 - k * r * Math.sin(a), y0 - k * r * Math.cos(a)] as const;
    const c2 = [x3 + k * r * Math.sin(b), y3 + k * r * Math.cos(b)] as const;
    ops.push(['C', c1[0], c1[1], c2[0], c2[1], x3, y3]);
  }
  return ops;
}

/** A closed rectangle with rounded corners (`top` for the upper two), traced clockwise on the page. */
export function roundedRectOps(x: number, y: number, w: number, h: number, r: number, top = r): PathOp[] {
  const rb = Math.min(r, w / 2, h / 2);
  const rt = Math.min(top, w / 2, h / 2);
  const corner = (cx: number, cy: number, rr: number, from: number): PathOp[] =>
    rr > 0 ? arcOps(cx, cy, rr, from, from - 90, false) : [];
  return [
    ['M', x + rt, y],
    ['L', x + w - rt, y],
    ...corner(x + w - rt, y + rt, rt, 90),
    ['L', x + w, y + h - rb],
    ...corner(x + w - rb, y + h - rb, rb, 0),
    ['L', x + rb, y + h],
    ...corner(x + rb, y + h - rb, rb, -90),
    ['L', x, y + rt],
    ...corner(x + rt, y + rt, rt, 180),
    ['Z'],
  ];
}
