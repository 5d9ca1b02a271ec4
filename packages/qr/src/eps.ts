import { cmykOf, rgbOf } from './colour';
import type { QrMatrix } from './encode';
import { epsLogo } from './eps-logo';
import { type Layout, layoutImage, type PathOp, type RenderOptions } from './layout';
import { BL, BR, freeCorners, TL, TR } from './module-shapes';
import { darkRuns } from './runs';

/** Coordinates in cells, short; PostScript needs no more precision than this at any print size. */
const num = (v: number): string => String(Math.round(v * 10000) / 10000);

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

function pathPs(ops: readonly PathOp[]): string {
  return ops
    .map((op) =>
      op[0] === 'Z'
        ? 'h'
        : `${op
            .slice(1)
            .map((v) => num(v as number))
            .join(' ')} ${op[0].toLowerCase()}`,
    )
    .join(' ');
}

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

/** The modules in the layout's shape: R runs, D dots, U rounded runs (corner radii as arguments). */
function modulesPs(layout: Layout): string[] {
  const { modules: m, codeX: ox, codeY: oy } = layout;
  const body: string[] = [];
  if (layout.moduleShape === 'dots') {
    for (let y = 0; y < m.size; y++)
      for (let x = 0; x < m.size; x++)
        if (m.modules[y * m.size + x] === 1) body.push(`${x + ox} ${y + oy} D`);
    return body;
  }
  const runs = darkRuns(m);
  for (let i = 0; i < runs.length; i += 3) {
    const [x, y, n] = [runs[i] as number, runs[i + 1] as number, runs[i + 2] as number];
    if (layout.moduleShape === 'rounded') {
      const first = freeCorners(m, x, y);
      const last = freeCorners(m, x + n - 1, y);
      const r = (rounded: number) => (rounded ? '.5' : '0');
      body.push(
        `${x + ox} ${y + oy} ${n} ${r(first & TL)} ${r(last & TR)} ${r(last & BR)} ${r(first & BL)} U`,
      );
    } else body.push(`${x + ox} ${y + oy} ${n} R`);
  }
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
    // D: a dot at cell (x, y); U: a run x y w with corner radii tl tr br bl, drawn with arct.
    '/D { exch .5 add exch .5 add .45 0 360 arc fill } bind def',
    '/U { /bl exch def /br exch def /tr exch def /tl exch def /w exch def /y exch def /x exch def',
    ' n x tl add y m x w add y x w add y 1 add tr arct x w add y 1 add x y 1 add br arct',
    ' x y 1 add x y bl arct x y x w add y tl arct h fill } bind def',
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
