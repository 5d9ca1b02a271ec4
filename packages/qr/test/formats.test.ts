import { qrSizing } from '@qrqr/shared/qr-sizing';
import { parseWifiPayload } from '@qrqr/shared/wifi-payload';
import { describe, expect, it } from 'vitest';
import { encodeQr, renderEps, renderSvg } from '../src';
import { ImageTooLargeError, renderImage, renderJpeg, renderPng } from '../src/node';
import { decodeEps, decodeImage, decodeSvg, dscNumbers, rasteriseEps } from './decode';
import { CASES } from './payloads';

const OPTS = { cellSize: 10, margin: 4 };

describe.each(Object.entries(CASES))('%s comes back exactly from', (_name, payload) => {
  const matrix = encodeQr(payload);
  const side = (matrix.size + 2 * OPTS.margin) * OPTS.cellSize;

  const expectPayload = (text: string) => {
    expect(text).toBe(payload);
    if (payload.startsWith('WIFI:')) expect(parseWifiPayload(text)).toEqual(parseWifiPayload(payload));
  };

  it('PNG', async () => {
    const read = await decodeImage(await renderPng(matrix, OPTS));
    expectPayload(read.text);
    expect([read.width, read.height]).toEqual([side, side]);
  });

  it('JPEG', async () => {
    const read = await decodeImage(await renderJpeg(matrix, OPTS));
    expectPayload(read.text);
    expect([read.width, read.height]).toEqual([side, side]);
  });

  it('SVG', async () => {
    const read = await decodeSvg(renderSvg(matrix, OPTS));
    expectPayload(read.text);
    expect([read.width, read.height]).toEqual([side, side]);
  });

  it('EPS, rendered by Ghostscript at its dpi', async () => {
    const read = await decodeEps(renderEps(matrix, { ...OPTS, dpi: 300 }), 300);
    expectPayload(read.text);
    expect([read.width, read.height]).toEqual([side, side]);
  });
});

describe('EPS prints at the size the download dialog states', () => {
  const matrix = encodeQr('https://example.jp/r/Ab3dE7x');

  it.each([
    { cellSize: 10, margin: 4, dpi: 300 },
    { cellSize: 3, margin: 0, dpi: 72 },
    { cellSize: 7, margin: 2, dpi: 600 },
    { cellSize: 50, margin: 20, dpi: 2400 },
  ])('cell $cellSize px, margin $margin, $dpi dpi', (opts) => {
    const eps = renderEps(matrix, opts);
    const sizing = qrSizing({ version: matrix.version, ...opts });
    const [, , w, h] = dscNumbers(eps, 'HiResBoundingBox') as number[];
    const [, , bw, bh] = dscNumbers(eps, 'BoundingBox') as number[];
    // Points → millimetres equals the dialog's image size; the integer box just encloses it.
    expect(((w as number) / 72) * 25.4).toBeCloseTo(sizing.imageMm, 1);
    expect(h).toBe(w);
    expect(bw).toBe(Math.ceil(w as number));
    expect(bh).toBe(Math.ceil(h as number));
    // Rendered at its dpi, the page is exactly the pixel image of the other formats.
    const png = rasteriseEps(eps, opts.dpi);
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([sizing.imagePixels, sizing.imagePixels]);
  });

  it('is a DSC-conformant EPSF 3.0 file', () => {
    const eps = renderEps(matrix, { ...OPTS, dpi: 300 });
    const lines = eps.trimEnd().split('\n');
    expect(lines[0]).toBe('%!PS-Adobe-3.0 EPSF-3.0');
    for (const key of ['BoundingBox', 'HiResBoundingBox', 'Creator', 'Title', 'CreationDate', 'Pages']) {
      expect(lines.filter((l) => l.startsWith(`%%${key}:`))).toHaveLength(1);
    }
    const header = lines.slice(0, lines.indexOf('%%EndComments'));
    expect(header.every((l) => l.startsWith('%'))).toBe(true);
    expect(lines).toContain('%%Pages: 1');
    expect(lines.at(-1)).toBe('%%EOF');
    expect(/^[\x20-\x7e\n]*$/.test(eps)).toBe(true);
  });
});

describe('renderImage', () => {
  it.each([
    [1, 'image/png', 'png'],
    [2, 'image/jpeg', 'jpg'],
    [3, 'application/postscript', 'eps'],
    [4, 'image/svg+xml', 'svg'],
  ] as const)('format %i answers %s .%s', async (format, type, extension) => {
    const out = await renderImage('https://example.jp/r/Ab3dE7x', { ...OPTS, format, dpi: 300 });
    expect(out.contentType.split(';')[0]).toBe(type);
    expect(out.extension).toBe(extension);
    const text =
      format === 3
        ? (await decodeEps(out.body.toString('latin1'), 300)).text
        : format === 4
          ? (await decodeSvg(out.body.toString('utf8'))).text
          : (await decodeImage(out.body)).text;
    expect(text).toBe('https://example.jp/r/Ab3dE7x');
  });

  it.each([1, 2, 3, 4] as const)('format %i keeps to maxSide, the Wi-Fi frame included', async (format) => {
    const payload = 'WIFI:T:WPA;S:cafe-guest;P:coffee1234;;';
    const side = (encodeQr(payload).size + 2 * OPTS.margin) * OPTS.cellSize;
    const opts = { ...OPTS, format, dpi: 300, maxSide: side };
    // The plain code fits exactly; framed, the same code is taller (band and label) and is refused.
    await expect(renderImage(payload, opts)).resolves.toBeDefined();
    const framed = renderImage(payload, { ...opts, frame: { ssid: 'cafe-guest' } });
    await expect(framed).rejects.toBeInstanceOf(ImageTooLargeError);
  });
});
