import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeQr, type QrMatrix, renderEps, renderSvg } from '../src';
import { renderJpeg, renderPng } from '../src/node';
import { decodeImage, rasteriseEps } from './decode';

/** Grey pixels of any image file sharp reads. */
async function greyPixels(file: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Every pixel is exactly what the module under it says: no seams, no shifted rows, no stray bits. */
function expectExactPixels(
  img: { data: Buffer; width: number },
  m: QrMatrix,
  cs: number,
  margin: number,
): void {
  const side = (m.size + 2 * margin) * cs;
  expect(img.width).toBe(side);
  let wrong = 0;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / cs) - margin;
      const my = Math.floor(y / cs) - margin;
      const dark = mx >= 0 && my >= 0 && mx < m.size && my < m.size && m.modules[my * m.size + mx] === 1;
      if ((img.data[y * side + x] as number) !== (dark ? 0 : 255)) wrong++;
    }
  }
  expect(wrong).toBe(0);
}

/** Adds a white quiet zone so a margin-0 image can be decoded. */
const withQuietZone = (file: Buffer, px: number) =>
  sharp(file).extend({ top: px, bottom: px, left: px, right: px, background: '#fff' }).png().toBuffer();

describe('pixel-exact output', () => {
  const m = encodeQr('https://example.jp/r/Ab3dE7x');

  it('writes a 1-bit greyscale PNG for plain codes', async () => {
    const png = await renderPng(m, { cellSize: 10, margin: 4 });
    expect([png[24], png[25]]).toEqual([1, 0]); // IHDR bit depth 1, colour type 0
  });

  it.each([
    [1, 0],
    [1, 4],
    [3, 2],
    [7, 1],
    [10, 4],
  ])('PNG and SVG at cell size %i, margin %i', async (cs, margin) => {
    expectExactPixels(await greyPixels(await renderPng(m, { cellSize: cs, margin })), m, cs, margin);
    const svgPng = new Resvg(renderSvg(m, { cellSize: cs, margin })).render().asPng();
    expectExactPixels(await greyPixels(svgPng), m, cs, margin);
  });

  it.each([
    [1, 0],
    [5, 3],
  ])('EPS at cell size %i, margin %i rendered at 72 dpi', async (cs, margin) => {
    const eps = renderEps(m, { cellSize: cs, margin, dpi: 72 });
    expectExactPixels(await greyPixels(rasteriseEps(eps, 72)), m, cs, margin);
  });
});

describe('margin 0 and cell size 1 still give valid files', () => {
  const payload = 'こんにちは、さくらカフェです🌸';
  const m = encodeQr(payload);
  const opts = { cellSize: 1, margin: 0 };

  it('PNG', async () => {
    const png = await renderPng(m, opts);
    expect((await sharp(png).metadata()).width).toBe(m.size);
    expect((await decodeImage(await withQuietZone(png, 4))).text).toBe(payload);
  });

  it('JPEG', async () => {
    // One pixel per cell is too fine for JPEG's 8×8 blocks to keep exact; upscale the file only to read it.
    const jpeg = await renderJpeg(m, opts);
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.channels]).toEqual(['jpeg', m.size, 1]); // greyscale JFIF
    const jpeg4 = await renderJpeg(m, { cellSize: 4, margin: 0 });
    expect((await decodeImage(await withQuietZone(jpeg4, 16))).text).toBe(payload);
  });

  it('SVG and EPS', async () => {
    const svgPng = new Resvg(renderSvg(m, opts)).render().asPng();
    expect((await decodeImage(await withQuietZone(svgPng, 4))).text).toBe(payload);
    const epsPng = rasteriseEps(renderEps(m, { ...opts, dpi: 72 }), 72);
    expect((await decodeImage(await withQuietZone(epsPng, 4))).text).toBe(payload);
  });
});
