import type { QrMatrix } from './encode';
import type { GreyImage } from './grey';
import type { RenderOptions } from './layout';
import { writeGreyPng } from './png-writer';
import { darkRuns } from './runs';
import type { IndexedImage } from './styled-raster';

function clearBit(line: Uint8Array, i: number): void {
  const at = 1 + (i >> 3);
  line[at] = (line[at] as number) & ~(0x80 >> (i & 7));
}

/** Clears bits [from, to) of a 1-bit scanline (MSB first): 0 is black in a 1-bit greyscale PNG. */
function clearBits(line: Uint8Array, from: number, to: number): void {
  // +1 skips the filter byte at the start of the scanline.
  let i = from;
  while (i < to && i & 7) {
    clearBit(line, i++);
  }
  const whole = (to - i) >> 3;
  if (whole > 0) {
    line.fill(0, 1 + (i >> 3), 1 + (i >> 3) + whole);
    i += whole << 3;
  }
  while (i < to) {
    clearBit(line, i++);
  }
}

/**
 * Plain code as a 1-bit greyscale PNG. One scanline is built per module row and copied cellSize
 * times, so the work grows with the number of cells, not pixels; deflate sees long repeats.
 */
export function renderPlainPng(matrix: QrMatrix, opts: RenderOptions): Promise<Buffer> {
  const { cellSize: cs, margin } = opts;
  const side = (matrix.size + 2 * margin) * cs;
  const stride = 1 + Math.ceil(side / 8);
  const out = new Uint8Array(stride * side).fill(0xff);
  // Filter byte 0 (None) on every scanline; padding bits past the width stay 1 (white), as allowed.
  for (let y = 0; y < side; y++) out[y * stride] = 0;
  const runs = darkRuns(matrix);
  const line = new Uint8Array(stride);
  let r = 0;
  for (let my = 0; my < matrix.size; my++) {
    line.fill(0xff);
    line[0] = 0;
    for (; r < runs.length && runs[r + 1] === my; r += 3) {
      const x = (runs[r] as number) + margin;
      clearBits(line, x * cs, (x + (runs[r + 2] as number)) * cs);
    }
    const top = (my + margin) * cs;
    for (let k = 0; k < cs; k++) out.set(line, (top + k) * stride);
  }
  return writeGreyPng(side, side, 1, out);
}

/**
 * Any grey image (the framed Wi-Fi code, anti-aliased) as an 8-bit greyscale PNG. Filter Up turns
 * the many repeated rows into zeros.
 */
export function greyPng(img: GreyImage): Promise<Buffer> {
  const { width, height, pixels } = img;
  const stride = width + 1;
  const out = new Uint8Array(stride * height);
  out.set(pixels.subarray(0, width), 1);
  for (let y = 1; y < height; y++) {
    const o = y * stride + 1;
    const cur = y * width;
    out[o - 1] = 2;
    for (let x = 0; x < width; x++)
      out[o + x] = ((pixels[cur + x] as number) - (pixels[cur - width + x] as number)) & 255;
  }
  return writeGreyPng(width, height, 8, out, true);
}

/**
 * A designed code: grey when its colours are black and white, else indexed with its palette, or
 * RGB when a logo brings colours of its own. The indexed image already is the scanlines (filter
 * None); deflate level 1 finds the repeats of tile rows at a fifth of level 6's time.
 */
export function indexedPng(img: IndexedImage, rgb?: Uint8Array): Promise<Buffer> {
  const { width, height } = img;
  if (!rgb) {
    const colour = img.grey ? ({ type: 0 } as const) : ({ type: 3, palette: img.palette } as const);
    return writeGreyPng(width, height, 8, img.pixels, false, colour, 1);
  }
  const rowBytes = width * 3;
  const out = new Uint8Array((rowBytes + 1) * height);
  for (let y = 0; y < height; y++)
    out.set(rgb.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  return writeGreyPng(width, height, 8, out, false, { type: 2 }, 1);
}
