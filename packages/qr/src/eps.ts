import type { QrMatrix } from './encode';
import { type Layout, layoutImage, type PathOp, type RenderOptions } from './layout';
import { darkRuns } from './runs';

const GREY = { dark: 0, light: 1 } as const;

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

function shapesPs(layout: Layout): string[] {
  return layout.shapes.map((s) =>
    s.kind === 'fill'
      ? `${GREY[s.colour]} setgray n ${pathPs(s.ops)} ${s.evenOdd ? 'eofill' : 'fill'}`
      : `${GREY[s.colour]} setgray ${num(s.width)} setlinewidth n ${pathPs(s.ops)} stroke`,
  );
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
  const runs = darkRuns(matrix);
  const body: string[] = [];
  for (let i = 0; i < runs.length; i += 3) {
    body.push(
      `${(runs[i] as number) + layout.codeX} ${(runs[i + 1] as number) + layout.codeY} ${runs[i + 2]} R`,
    );
  }
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
    '%%EndProlog',
    '%%Page: 1 1',
    'save',
    `0 ${num(h)} translate ${num(unit)} ${num(-unit)} scale`,
    '1 setlinecap 1 setlinejoin',
    `1 setgray 0 0 ${layout.width} ${layout.height} rectfill`,
    ...shapesPs(layout),
    '0 setgray',
    ...body,
    'restore',
    'showpage',
    '%%Trailer',
    '%%EOF',
    '',
  ].join('\n');
}
