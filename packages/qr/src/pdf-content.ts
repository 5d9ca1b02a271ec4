import { cmykOf, rgbOf } from './colour';
import type { QrMatrix } from './encode';
import { arcOps } from './geometry';
import { fitLogo, type Layout, layoutImage, type PathOp, type RenderOptions } from './layout';
import { DOT_RADIUS, roundedModuleOps } from './module-shapes';
import { psNum as num, psPathOps } from './ps-path';
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

const pathPdf = (ops: readonly PathOp[]): string => psPathOps(ops).join('\n');

/** A fill and stroke colour: grey for a black-and-white code, else CMYK (black stays pure K), as in EPS. */
function colourPdf(layout: Layout, hex: string): string {
  if (!layout.coloured) {
    const grey = rgbOf(hex)[0] === 0 ? 0 : 1;
    return `${grey} g ${grey} G`;
  }
  const cmyk = cmykOf(hex).map(num).join(' ');
  return `${cmyk} k ${cmyk} K`;
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
  if (layout.moduleShape === 'rounded') for (const run of roundedModuleOps(m, ox, oy)) out.push(pathPdf(run));
  else {
    const runs = darkRuns(m);
    for (let i = 0; i < runs.length; i += 3)
      out.push(`${(runs[i] as number) + ox} ${(runs[i + 1] as number) + oy} ${runs[i + 2]} 1 re`);
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
