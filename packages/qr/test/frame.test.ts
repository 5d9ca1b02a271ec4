import { parseWifiPayload, wifiPayload } from '@qrqr/shared/wifi-payload';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { encodeQr, renderEps, renderSvg } from '../src';
import { layoutImage } from '../src/layout';
import { renderJpeg, renderPng } from '../src/node';
import { decodeEps, decodeImage, decodeSvg, dscNumbers } from './decode';

const NASTY_SSID = 'A\\b;c,d:e"f <x>&\'()%!#$*+-./=?@[]^_`{|}~';
const SSIDS = ['Sakura_Cafe-5G', NASTY_SSID, 'x', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345'];

const wifi = (ssid: string) =>
  wifiPayload({ ssid, password: 'pa;ss:w"o,rd\\', encryption: 'WPA', hidden: false });

/** Undoes our XML escaping (numeric character references only). */
const unescapeXml = (s: string) => s.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
/** Undoes a PostScript string literal's escapes. */
const unescapePs = (s: string) =>
  s
    .slice(1, -1)
    .replace(/\\([0-7]{3}|.)/g, (_, c: string) =>
      c.length === 3 ? String.fromCharCode(Number.parseInt(c, 8)) : c,
    );

describe.each(SSIDS)('framed Wi-Fi code for SSID %s', (ssid) => {
  const payload = wifi(ssid);
  const matrix = encodeQr(payload);
  const opts = { cellSize: 8, margin: 4, frame: { ssid } };
  const layout = layoutImage(matrix, opts);
  const [w, h] = [layout.width * opts.cellSize, layout.height * opts.cellSize];

  const expectWifi = (text: string) => {
    expect(text).toBe(payload);
    expect(parseWifiPayload(text)).toEqual({
      ssid,
      password: 'pa;ss:w"o,rd\\',
      encryption: 'WPA',
      hidden: false,
    });
  };

  it('decodes from PNG and JPEG at the layout size', async () => {
    for (const file of [await renderPng(matrix, opts), await renderJpeg(matrix, opts)]) {
      const read = await decodeImage(file);
      expectWifi(read.text);
      expect([read.width, read.height]).toEqual([w, h]);
    }
  });

  it('decodes from SVG, which holds no text element and names no font', async () => {
    const svg = renderSvg(matrix, opts);
    expect(svg).not.toMatch(/<text|font-family|@font-face/);
    expect(unescapeXml(svg.match(/<title>(.*?)<\/title>/)?.[1] ?? '')).toBe(`Wi-Fi SSID: ${ssid}`);
    const read = await decodeSvg(svg);
    expectWifi(read.text);
    expect([read.width, read.height]).toEqual([w, h]);
  });

  it('decodes from EPS, whose title carries the SSID escaped', async () => {
    const eps = renderEps(matrix, { ...opts, dpi: 300 });
    const title = eps.split('\n').find((l) => l.startsWith('%%Title: ')) ?? '';
    expect(unescapePs(title.slice('%%Title: '.length))).toBe(`Wi-Fi SSID: ${ssid}`);
    const [, , bw, bh] = dscNumbers(eps, 'HiResBoundingBox') as number[];
    expect([bw, bh].map((pt) => Math.round(((pt as number) * 300) / 72))).toEqual([w, h]);
    const read = await decodeEps(eps, 300);
    expectWifi(read.text);
    expect([read.width, read.height]).toEqual([w, h]);
  });

  it('keeps the label off the code and inside the frame', () => {
    const footer = layout.shapes.filter((s) => s.kind === 'stroke' && s.colour === 'dark');
    expect(footer.length).toBeGreaterThan(0);
    for (const shape of layout.shapes) {
      const pad = shape.kind === 'stroke' ? shape.width / 2 : 0;
      for (const op of shape.ops) {
        for (let i = 1; i < op.length; i += 2) {
          const [x, y] = [op[i] as number, op[i + 1] as number];
          expect(x - pad).toBeGreaterThanOrEqual(-1e-9);
          expect(x + pad).toBeLessThanOrEqual(layout.width + 1e-9);
          expect(y + pad).toBeLessThanOrEqual(layout.height + 1e-9);
          // The SSID stays below the code's quiet zone.
          if (footer.includes(shape))
            expect(y - pad).toBeGreaterThan(layout.codeY + matrix.size + opts.margin);
        }
      }
    }
  });
});

describe('the frame', () => {
  const matrix = encodeQr(wifi('Sakura'));

  it('scales with the cell size and draws the same at every size', () => {
    const small = layoutImage(matrix, { cellSize: 4, margin: 4, frame: { ssid: 'Sakura' } });
    const large = layoutImage(matrix, { cellSize: 40, margin: 4, frame: { ssid: 'Sakura' } });
    expect(large).toEqual(small);
    const svg4 = renderSvg(matrix, { cellSize: 4, margin: 4, frame: { ssid: 'Sakura' } });
    const svg40 = renderSvg(matrix, { cellSize: 40, margin: 4, frame: { ssid: 'Sakura' } });
    expect(svg40.replace(/ width="\d+" height="\d+"/, '')).toBe(
      svg4.replace(/ width="\d+" height="\d+"/, ''),
    );
  });

  it('keeps a white quiet zone of 2 cells around the code even with margin 0', async () => {
    const opts = { cellSize: 6, margin: 0, frame: { ssid: 'Sakura' } };
    const layout = layoutImage(matrix, opts);
    const png = await renderPng(matrix, opts);
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const cs = opts.cellSize;
    const [x0, y0, x1, y1] = [
      layout.codeX - 2,
      layout.codeY - 2,
      layout.codeX + matrix.size + 2,
      layout.codeY + matrix.size + 2,
    ];
    let dark = 0;
    for (let y = y0 * cs; y < y1 * cs; y++) {
      for (let x = x0 * cs; x < x1 * cs; x++) {
        const inCode =
          x >= layout.codeX * cs && x < (x1 - 2) * cs && y >= layout.codeY * cs && y < (y1 - 2) * cs;
        if (!inCode && (data[y * info.width + x] as number) < 255) dark++;
      }
    }
    expect(dark).toBe(0);
    expect((await decodeImage(png)).text).toBe(wifi('Sakura'));
  });

  it('rasterises to the same picture as the SVG rendered by resvg', async () => {
    const opts = { cellSize: 10, margin: 4, frame: { ssid: NASTY_SSID } };
    const { Resvg } = await import('@resvg/resvg-js');
    const ref = new Resvg(renderSvg(matrix, opts), { font: { loadSystemFonts: false } }).render().asPng();
    const grey = (png: Buffer) => sharp(png).greyscale().raw().toBuffer();
    const [a, b] = await Promise.all([grey(await renderPng(matrix, opts)), grey(ref)]);
    expect(a.length).toBe(b.length);
    let sum = 0;
    let far = 0;
    for (let i = 0; i < a.length; i++) {
      const d = Math.abs((a[i] as number) - (b[i] as number));
      sum += d;
      if (d > 128) far++;
    }
    // Anti-aliasing differs by a few levels at edges (measured mean 0.12); one wrong letter in the
    // SSID already leaves dozens of pixels more than half a tone apart.
    expect(sum / a.length).toBeLessThan(0.5);
    expect(far).toBe(0);
  });
});
