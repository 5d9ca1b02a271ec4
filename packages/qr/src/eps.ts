import { cmykOf, rgbOf } from './colour';
import type { QrMatrix } from './encode';
import { epsLogo } from './eps-logo';
import { ROUNDED_PROLOG, roundedPs } from './eps-rounded';
import { type Layout, layoutImage, type PathOp, type RenderOptions } from './layout';
import { psNum as num, psPathOps } from './ps-path';
import { darkRuns } from './runs';

/** A DSC text value as a PostScript string: backslash, parentheses and anything unprintable escaped. */
export function psString(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte);
    if (c === '\\' || c === '(' || c === ')') out += `\\${c}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += c;
  }
  return `(${out})`;
}

const pathPs = (ops: readonly PathOp[]): string => psPathOps(ops).join(' ');

/** A colour operator: grey for the plain black-and-white code, else CMYK (black stays pure K). */
export function colourPs(layout: Layout, hex: string): string {
  if (!layout.coloured) return `${rgbOf(hex)[0] === 0 ? 0 : 1} setgray`;
  return `${cmykOf(hex).map(num).join(' ')} setcmykcolor`;
}

function shapesPs(layout: Layout): string[] {
  return layout.shapes.map((s) => {
    const colour = colourPs(layout, layout.palette[s.colour]);
    return s.kind === 'fill'
      ? `${colour} n ${pathPs(s.ops)} ${s.evenOdd ? 'eofill' : 'fill'}`
      : `${colour} ${num(s.width)} setlinewidth n ${pathPs(s.ops)} stroke`;
  });
}

/** The modules in the layout's shape: R runs, D dots, U rounded runs filled at once. */
function modulesPs(layout: Layout): string[] {
  const { modules: m, codeX: ox, codeY: oy } = layout;
  const body: string[] = [];
  if (layout.moduleShape === 'dots') {
    for (let y = 0; y < m.size; y++)
      for (let x = 0; x < m.size; x++)
        if (m.modules[y * m.size + x] === 1) body.push(`${x + ox} ${y + oy} D`);
    return body;
  }
  // A run to a line keeps the lines short; one fill leaves no seam between rows that touch.
  if (layout.moduleShape === 'rounded') return ['n', ...roundedPs(m, ox, oy), 'fill'];
  const runs = darkRuns(m);
  for (let i = 0; i < runs.length; i += 3)
    body.push(`${(runs[i] as number) + ox} ${(runs[i + 1] as number) + oy} ${runs[i + 2]} R`);
  return body;
}

/**
 * Encapsulated PostScript (DSC 3.0, level 2). One cell is cellSize/dpi inch, so the file prints at
 * the size the download dialog states. Drawing happens in cell units with y pointing down, like SVG.
 */
export function renderEps(matrix: QrMatrix, opts: RenderOptions & { dpi: number }): string {
  const layout = layoutImage(matrix, opts);
  const unit = (opts.cellSize * 72) / opts.dpi;
  const w = layout.width * unit;
  const h = layout.height * unit;
  return [
    '%!PS-Adobe-3.0 EPSF-3.0',
    `%%BoundingBox: 0 0 ${Math.ceil(w - 1e-9)} ${Math.ceil(h - 1e-9)}`,
    `%%HiResBoundingBox: 0 0 ${num(w)} ${num(h)}`,
    '%%Creator: QRQR',
    `%%Title: ${psString(layout.title)}`,
    `%%CreationDate: ${psString(new Date().toISOString())}`,
    '%%DocumentData: Clean7Bit',
    '%%LanguageLevel: 2',
    '%%Pages: 1',
    '%%EndComments',
    '%%BeginProlog',
    // Short names keep a 40-M code (thousands of runs) small: R fills one run of dark cells.
    '/R { 1 rectfill } bind def /n { newpath } bind def /m { moveto } bind def /l { lineto } bind def',
    '/c { curveto } bind def /h { closepath } bind def',
    // D: a dot at cell (x, y).
    '/D { exch .5 add exch .5 add .45 0 360 arc fill } bind def',
    ...(layout.moduleShape === 'rounded' ? ROUNDED_PROLOG : []),
    '%%EndProlog',
    '%%Page: 1 1',
    'save',
    `0 ${num(h)} translate ${num(unit)} ${num(-unit)} scale`,
    '1 setlinecap 1 setlinejoin',
    `${colourPs(layout, layout.palette.light)} 0 0 ${layout.width} ${layout.height} rectfill`,
    ...shapesPs(layout),
    colourPs(layout, layout.palette.dark),
    ...modulesPs(layout),
    ...epsLogo(layout, opts.logoImage),
    'restore',
    'showpage',
    '%%Trailer',
    '%%EOF',
    '',
  ].join('\n');
}
