import { cmykOf, rgbOf } from './colour';
import type { QrMatrix } from './encode';
import { arcOps } from './geometry';
import { fitLogo, type Layout, layoutImage, type PathOp, type RenderOptions } from './layout';
import { BL, BR, DOT_RADIUS, freeCorners, ROUND_RADIUS, TL, TR } from './module-shapes';
import { darkRuns } from './runs';

/** What a PDF page places: the drawing's size in cells and where its logo goes. */
export interface PdfDrawing {
  /** Width and height in cells. */
  width: number;
  height: number;
  /**
   * The operators of a content stream that draws the code in cells, with y pointing down from the
   * top-left corner (the caller's matrix maps that onto the page).
   */
  content: string;
  /** The logo's place (cells, y down) for an image of the given proportions; absent without one. */
  logoAt?: { x: number; y: number; w: number; h: number };
}

const num = (v: number): string => String(Math.round(v * 10000) / 10000);

function pathPdf(ops: readonly PathOp[]): string {
  return ops
    .map((op) =>
      op[0] === 'Z'
        ? 'h'
        : `${op
            .slice(1)
            .map((v) => num(v as number))
            .join(' ')} ${op[0] === 'M' ? 'm' : op[0] === 'L' ? 'l' : 'c'}`,
    )
    .join('\n');
}

/** A fill and stroke colour: grey for a black-and-white code, else CMYK (black stays pure K), as in EPS. */
function colourPdf(layout: Layout, hex: string): string {
  if (!layout.coloured) {
    const grey = rgbOf(hex)[0] === 0 ? 0 : 1;
    return `${grey} g ${grey} G`;
  }
  const cmyk = cmykOf(hex).map(num).join(' ');
  return `${cmyk} k ${cmyk} K`;
}

/** A run of n cells with the given corners rounded (quarter circles of ROUND_RADIUS). */
function roundedRunOps(
  x: number,
  y: number,
  n: number,
  corners: { tl: number; tr: number; br: number; bl: number },
) {
  const { tl, tr, br, bl } = corners;
  const corner = (cx: number, cy: number, r: number, from: number): PathOp[] =>
    r > 0 ? arcOps(cx, cy, r, from, from - 90, false) : [];
  return [
    ['M', x + tl, y],
    ['L', x + n - tr, y],
    ...corner(x + n - tr, y + tr, tr, 90),
    ['L', x + n, y + 1 - br],
    ...corner(x + n - br, y + 1 - br, br, 0),
    ['L', x + bl, y + 1],
    ...corner(x + bl, y + 1 - bl, bl, -90),
    ['L', x, y + tl],
    ...corner(x + tl, y + tl, tl, 180),
    ['Z'],
  ] as PathOp[];
}

function modulesPdf(layout: Layout): string {
  const { modules: m, codeX: ox, codeY: oy } = layout;
  const out: string[] = [];
  if (layout.moduleShape === 'dots') {
    for (let y = 0; y < m.size; y++)
      for (let x = 0; x < m.size; x++)
        if (m.modules[y * m.size + x] === 1)
          out.push(pathPdf([...arcOps(x + ox + 0.5, y + oy + 0.5, DOT_RADIUS, 0, 360, true), ['Z']]));
    return out.length ? `${out.join('\n')}\nf` : '';
  }
  const runs = darkRuns(m);
  for (let i = 0; i < runs.length; i += 3) {
    const [x, y, n] = [runs[i] as number, runs[i + 1] as number, runs[i + 2] as number];
    if (layout.moduleShape === 'rounded') {
      const first = freeCorners(m, x, y);
      const last = freeCorners(m, x + n - 1, y);
      const r = (rounded: number) => (rounded ? ROUND_RADIUS : 0);
      const corners = { tl: r(first & TL), tr: r(last & TR), br: r(last & BR), bl: r(first & BL) };
      out.push(pathPdf(roundedRunOps(x + ox, y + oy, n, corners)));
    } else out.push(`${x + ox} ${y + oy} ${n} 1 re`);
  }
  // One fill for all runs: no seam shows between rows that touch.
  return out.length ? `${out.join('\n')}\nf` : '';
}

function shapesPdf(layout: Layout): string[] {
  return layout.shapes.map((s) => {
    const colour = colourPdf(layout, layout.palette[s.colour]);
    return s.kind === 'fill'
      ? `${colour}\n${pathPdf(s.ops)}\n${s.evenOdd ? 'f*' : 'f'}`
      : `${colour} ${num(s.width)} w\n${pathPdf(s.ops)}\nS`;
  });
}

/**
 * A code as a PDF content stream, drawn as the other formats draw it (layout.ts): the design's
 * colours, module and finder shapes, the Wi-Fi frame or the call to action, in vectors. The logo
 * is the caller's to place (a PDF image is a resource of the page), at `logoAt` for an image of
 * `logo` proportions.
 */
export function pdfDrawing(
  matrix: QrMatrix,
  opts: Omit<RenderOptions, 'logoImage' | 'cellSize'> & { logo?: { width: number; height: number } },
): PdfDrawing {
  const layout = layoutImage(matrix, { ...opts, cellSize: 1 });
  const content = [
    '1 J 1 j',
    `${colourPdf(layout, layout.palette.light)} 0 0 ${layout.width} ${layout.height} re f`,
    ...shapesPdf(layout),
    colourPdf(layout, layout.palette.dark),
    modulesPdf(layout),
  ].join('\n');
  const logoAt =
    layout.logoBox && opts.logo ? fitLogo(layout.logoBox, opts.logo.width, opts.logo.height) : undefined;
  return { width: layout.width, height: layout.height, content, logoAt };
}
