import type { ModuleShape } from '@qrqr/shared/qr-design-constants';
import { rgbOf } from './colour';
import type { GreyImage } from './grey';
import { fitLogo, type Layout, type LogoImage } from './layout';
import { freeCorners } from './module-shapes';
import { moduleTiles, type Tiles } from './module-tiles';
import { paintShapes } from './raster';

/**
 * A designed code as 8-bit palette indices, drawn straight into PNG scanlines (stride width + 1,
 * filter byte 0 first). Index 0 is the ink and 255 the paper, so anti-aliased edges are shades of
 * the design's own colours. When the eyes have a colour of their own the indices split in two
 * ramps: 0 ink … 127 paper, 128 eye colour … 255 paper; the eyes' boxes start as 255 and blend
 * towards 128, the rest starts as 127, so no pass over the pixels is needed afterwards.
 */
export interface IndexedImage extends GreyImage {
  stride: number;
  offset: 1;
  /** RGB triples, one per index. */
  palette: Uint8Array;
  /** Whether every colour is black or white (then the indices are grey values themselves). */
  grey: boolean;
}

function ramp(out: Uint8Array, at: number, count: number, from: string, to: string): void {
  const [a, b] = [rgbOf(from), rgbOf(to)];
  for (let i = 0; i < count; i++) {
    const t = i / (count - 1);
    for (let c = 0; c < 3; c++)
      out[3 * (at + i) + c] = Math.round((a[c] as number) + ((b[c] as number) - (a[c] as number)) * t);
  }
}

/** Tiles depend on shape, cell size and paper only; a server draws the same few again and again. */
const tileCache = new Map<string, Tiles>();
function tilesFor(shape: ModuleShape, cs: number, paper: number): Tiles {
  const key = `${shape}/${cs}/${paper}`;
  let tiles = tileCache.get(key);
  if (!tiles) {
    if (tileCache.size >= 64) tileCache.clear();
    tiles = moduleTiles(shape, cs, paper);
    tileCache.set(key, tiles);
  }
  return tiles;
}

/**
 * Each module row: the distinct pixel rows are built from the dark modules' tile rows, a pixel row
 * equal to an earlier one (a dot is symmetric, a square all alike) is copied over the code's span.
 */
function paintModules(img: IndexedImage, layout: Layout, cs: number, paper: number): void {
  const m = layout.modules;
  const { rows, sameAs } = tilesFor(layout.moduleShape, cs, paper);
  const rounded = layout.moduleShape === 'rounded';
  const [left, top] = [img.offset + layout.codeX * cs, layout.codeY * cs];
  const span = m.size * cs;
  const px = img.pixels;
  const xs = new Int32Array(m.size);
  const kinds = new Uint8Array(m.size);
  for (let my = 0; my < m.size; my++) {
    let n = 0;
    for (let mx = 0; mx < m.size; mx++) {
      if (m.modules[my * m.size + mx] !== 1) continue;
      xs[n] = left + mx * cs;
      kinds[n++] = rounded ? freeCorners(m, mx, my) : 0;
    }
    if (n === 0) continue;
    const base = (top + my * cs) * img.stride;
    for (let k = 0; k < cs; k++) {
      const row = base + k * img.stride;
      const same = sameAs[k] as number;
      if (same >= 0) {
        const from = base + same * img.stride + left;
        px.copyWithin(row + left, from, from + span);
        continue;
      }
      for (let i = 0; i < n; i++)
        px.set((rows[kinds[i] as number] as Uint8Array[])[k] as Uint8Array, row + (xs[i] as number));
    }
  }
}

export function rasterStyled(layout: Layout, cs: number): IndexedImage {
  const width = layout.width * cs;
  const height = layout.height * cs;
  const stride = width + 1;
  const { dark, light, eye } = layout.palette;
  const split = rgbOf(eye).join() !== rgbOf(dark).join();
  const paper = split ? 127 : 255;
  const pixels = new Uint8Array(stride * height).fill(paper);
  for (let y = 0; y < height; y++) pixels[y * stride] = 0;
  const img: IndexedImage = {
    width,
    height,
    pixels,
    stride,
    offset: 1,
    palette: new Uint8Array(768),
    grey: false,
  };
  if (split) {
    ramp(img.palette, 0, 128, dark, light);
    ramp(img.palette, 128, 128, eye, light);
    const n = layout.modules.size;
    for (const [ex, ey] of [
      [0, 0],
      [n - 7, 0],
      [0, n - 7],
    ] as const) {
      for (let y = (layout.codeY + ey) * cs; y < (layout.codeY + ey + 7) * cs; y++) {
        const from = y * stride + 1 + (layout.codeX + ex) * cs;
        pixels.fill(255, from, from + 7 * cs);
      }
    }
  } else {
    ramp(img.palette, 0, 256, dark, light);
    img.grey = !layout.coloured;
  }
  paintModules(img, layout, cs, paper);
  paintShapes(img, layout, cs, { dark: 0, light: paper, eye: split ? 128 : 0 });
  return img;
}

/** The pixels without the filter bytes: grey values or indices, row after row. */
export function packed(img: IndexedImage): GreyImage {
  const out = new Uint8Array(img.width * img.height);
  for (let y = 0; y < img.height; y++)
    out.set(img.pixels.subarray(y * img.stride + 1, y * img.stride + 1 + img.width), y * img.width);
  return { width: img.width, height: img.height, pixels: out };
}

/** The image as RGB, the logo (already drawn at its pixel size) blended into its box. */
export function toRgb(img: IndexedImage, layout: Layout, cs: number, logo?: LogoImage): Uint8Array {
  const { width, height, pixels, palette, stride } = img;
  const out = new Uint8Array(width * height * 3);
  for (let y = 0, o = 0; y < height; y++) {
    for (let i = y * stride + 1, end = i + width; i < end; i++, o += 3) {
      const p = 3 * (pixels[i] as number);
      out[o] = palette[p] as number;
      out[o + 1] = palette[p + 1] as number;
      out[o + 2] = palette[p + 2] as number;
    }
  }
  if (layout.logoBox && logo?.rgba) {
    const at = fitLogo(layout.logoBox, logo.width, logo.height);
    const [x0, y0] = [Math.round(at.x * cs), Math.round(at.y * cs)];
    const [w, h] = [Math.round(at.w * cs), Math.round(at.h * cs)];
    for (let y = 0; y < h; y++) {
      const sy = Math.min(logo.height - 1, Math.floor((y * logo.height) / h));
      for (let x = 0; x < w; x++) {
        const sx = Math.min(logo.width - 1, Math.floor((x * logo.width) / w));
        const s = 4 * (sy * logo.width + sx);
        const a = (logo.rgba[s + 3] as number) / 255;
        const o = 3 * ((y0 + y) * width + x0 + x);
        for (let c = 0; c < 3; c++)
          out[o + c] = Math.round((logo.rgba[s + c] as number) * a + (out[o + c] as number) * (1 - a));
      }
    }
  }
  return out;
}
