import type { QrMatrix } from './encode';
import { fitLogo, type Layout, layoutImage, type PathOp, type RenderOptions } from './layout';
import { DOT_RADIUS } from './module-shapes';
import { darkRuns } from './runs';
import { roundedPathData } from './svg-rounded';

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

/** Dots: each a full circle of two relative arcs, moved to from the previous dot's start. */
function dotsPath(matrix: QrMatrix, ox: number, oy: number): string {
  const r = DOT_RADIUS;
  const { size, modules } = matrix;
  let d = '';
  let [px, py] = [0, 0];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (modules[y * size + x] !== 1) continue;
      const [sx, sy] = [x + ox + 0.5 - r, y + oy + 0.5];
      d += `${d ? `m${num(sx - px)} ${num(sy - py)}` : `M${num(sx)} ${num(sy)}`}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0`;
      [px, py] = [sx, sy];
    }
  }
  return d;
}

function modulesSvg(layout: Layout): string {
  const { modules, codeX, codeY, palette } = layout;
  if (layout.moduleShape === 'dots')
    return `<path fill="${palette.dark}" d="${dotsPath(modules, codeX, codeY)}"/>`;
  if (layout.moduleShape === 'rounded')
    return `<path fill="${palette.dark}" d="${roundedPathData(modules, codeX, codeY)}"/>`;
  return `<path fill="none" stroke="${palette.dark}" stroke-width="1" shape-rendering="crispEdges" d="${modulesPath(modules, codeX, codeY)}"/>`;
}

function shapesSvg(layout: Layout): string {
  let out = '';
  for (const s of layout.shapes) {
    const d = pathData(s.ops);
    const colour = layout.palette[s.colour];
    if (s.kind === 'fill') {
      const rule = s.evenOdd ? ' fill-rule="evenodd"' : '';
      out += `<path fill="${colour}"${rule} d="${d}"/>`;
    } else {
      out += `<path fill="none" stroke="${colour}" stroke-width="${num(s.width)}" stroke-linecap="round" stroke-linejoin="round" d="${d}"/>`;
    }
  }
  return out;
}

function logoSvg(layout: Layout, opts: RenderOptions): string {
  const image = opts.logoImage;
  if (!layout.logoBox || !image?.href) return '';
  const at = fitLogo(layout.logoBox, image.width, image.height);
  return `<image x="${num(at.x)}" y="${num(at.y)}" width="${num(at.w)}" height="${num(at.h)}" href="${escapeXml(image.href)}"/>`;
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
    `<rect width="${num(width)}" height="${num(height)}" fill="${layout.palette.light}"/>` +
    shapesSvg(layout) +
    modulesSvg(layout) +
    logoSvg(layout, opts) +
    '</svg>'
  );
}
