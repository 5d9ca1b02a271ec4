import type { QrMatrix } from './encode';
import { type Layout, layoutImage, type PathOp, type RenderOptions } from './layout';
import { darkRuns } from './runs';

const COLOURS = { dark: '#000', light: '#fff' } as const;

/** Numbers in user units, short: frame coordinates are fractions, module coordinates integers. */
const num = (v: number): string => String(Math.round(v * 1000) / 1000);

export function pathData(ops: readonly PathOp[]): string {
  let d = '';
  for (const op of ops) {
    if (op[0] === 'Z') d += 'Z';
    else
      d +=
        op[0] +
        op
          .slice(1)
          .map((v) => num(v as number))
          .join(' ');
  }
  return d;
}

/** Escapes text for an XML attribute or element (the SSID of a framed code goes into <title>). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The modules as one path: each dark run is a 1-cell-wide stroke along the middle of its row,
 * reached by a relative move from the end of the previous run. That is half the bytes of drawing
 * each run as a filled rectangle, and renders the same pixels (butt ends, crispEdges).
 */
function modulesPath(matrix: QrMatrix, ox: number, oy: number): string {
  const runs = darkRuns(matrix);
  if (runs.length === 0) return '';
  let d = `M${(runs[0] as number) + ox} ${(runs[1] as number) + oy + 0.5}h${runs[2]}`;
  for (let i = 3; i < runs.length; i += 3) {
    const dx = (runs[i] as number) - (runs[i - 3] as number) - (runs[i - 1] as number);
    const dy = (runs[i + 1] as number) - (runs[i - 2] as number);
    d += `m${dx} ${dy}h${runs[i + 2]}`;
  }
  return d;
}

function shapesSvg(layout: Layout): string {
  let out = '';
  for (const s of layout.shapes) {
    const d = pathData(s.ops);
    if (s.kind === 'fill') {
      const rule = s.evenOdd ? ' fill-rule="evenodd"' : '';
      out += `<path fill="${COLOURS[s.colour]}"${rule} d="${d}"/>`;
    } else {
      out += `<path fill="none" stroke="${COLOURS[s.colour]}" stroke-width="${num(s.width)}" stroke-linecap="round" stroke-linejoin="round" d="${d}"/>`;
    }
  }
  return out;
}

/** A standalone SVG: width/height in pixels, viewBox in cells, white background, one path of modules. */
export function renderSvg(matrix: QrMatrix, opts: RenderOptions): string {
  const layout = layoutImage(matrix, opts);
  const { width, height } = layout;
  const px = (v: number) => num(v * opts.cellSize);
  const title = layout.title ? `<title>${escapeXml(layout.title)}</title>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px(width)}" height="${px(height)}" viewBox="0 0 ${num(width)} ${num(height)}">` +
    title +
    `<rect width="${num(width)}" height="${num(height)}" fill="#fff"/>` +
    shapesSvg(layout) +
    `<path fill="none" stroke="#000" stroke-width="1" shape-rendering="crispEdges" d="${modulesPath(matrix, layout.codeX, layout.codeY)}"/>` +
    '</svg>'
  );
}
