import { IMAGE_OPTIONS } from '@qrqr/shared/qr-constants';
import {
  DESIGN_LIMITS,
  DESIGN_PRESETS,
  EC_CAPACITY,
  ecLevelOf,
  type QrDesign,
} from '@qrqr/shared/qr-design-constants';
import { describe, expect, it } from 'vitest';
import { renderImage } from '../src/node';
import { decodeEps, decodeImage, decodeSvg } from './decode';
import { designCombinations, sampleLogo } from './designs';
import { asciiOf, mixedOf } from './payloads';

// The smallest image the download dialog allows a designed code: its least cell size, no margin
// asked (the renderer keeps its own quiet zone) and, for EPS, the least DPI.
const SMALLEST = {
  cellSize: DESIGN_LIMITS.minCellSize,
  margin: IMAGE_OPTIONS.minMargin,
  dpi: IMAGE_OPTIONS.minDpi,
};
const logo = await sampleLogo();

async function decodeFormat(design: QrDesign, payload: string, format: 1 | 2 | 3 | 4) {
  const out = await renderImage(payload, {
    ...SMALLEST,
    format,
    design,
    logo: design.logo ? logo : undefined,
  });
  if (format === 3) return decodeEps(out.body.toString('latin1'), SMALLEST.dpi);
  if (format === 4) return decodeSvg(out.body.toString('utf8'));
  return decodeImage(out.body);
}

const FORMATS = [
  [1, 'PNG'],
  [2, 'JPEG'],
  [3, 'EPS'],
  [4, 'SVG'],
] as const;

describe.each(Object.entries(DESIGN_PRESETS))('preset %s, with and without a logo', (_name, preset) => {
  it.each(FORMATS)('decodes from format %i (%s) at the smallest size', async (format) => {
    for (const design of [preset, { ...preset, logo: { source: 'channel', channel_id: 1 } } as QrDesign]) {
      const read = await decodeFormat(design, 'https://example.jp/r/Ab3dE7x', format);
      expect(read.text).toBe('https://example.jp/r/Ab3dE7x');
      expect(read.ecLevel).toBe(ecLevelOf(design));
    }
  });
});

describe.each(designCombinations())('combination $name', ({ design }) => {
  // A short URL and a payload of half the level's capacity (a large version) in Japanese.
  const payloads = [
    'https://example.jp/menu?table=12',
    mixedOf(Math.floor(EC_CAPACITY[ecLevelOf(design)] / 2)),
  ];
  it.each(FORMATS)('decodes from format %i (%s) at the smallest size', async (format) => {
    for (const payload of payloads) expect((await decodeFormat(design, payload, format)).text).toBe(payload);
  });
});

describe('capacity under a logo', () => {
  it.each([
    ['small', 'Q'],
    ['large', 'H'],
  ] as const)('a %s logo holds version 40-%s at most and decodes full', async (size, level) => {
    const design: QrDesign = {
      ...(DESIGN_PRESETS.indigo as QrDesign),
      logo: { source: 'image', image_url: `/api/image/${'0'.repeat(32)}.png` },
      logo_size: size,
    };
    const full = asciiOf(EC_CAPACITY[level], 3);
    const read = await decodeFormat(design, full, 1);
    expect(read.text).toBe(full);
    expect([read.ecLevel, read.version]).toEqual([level, '40']);
    await expect(renderImage(`${full}x`, { ...SMALLEST, format: 1, design, logo })).rejects.toMatchObject({
      name: 'QrCapacityError',
      limit: EC_CAPACITY[level],
    });
  });
});

describe('a Wi-Fi code in a design', () => {
  // The Wi-Fi frame takes the design's ink; a call to action gives way to it.
  const payload = 'WIFI:T:WPA;S:cafe-guest;P:coffee1234;;';
  it.each(FORMATS)('decodes from format %i (%s) at the smallest size', async (format) => {
    const design = DESIGN_PRESETS.coffee as QrDesign;
    const out = await renderImage(payload, { ...SMALLEST, format, design, frame: { ssid: 'cafe-guest' } });
    const read =
      format === 3
        ? await decodeEps(out.body.toString('latin1'), SMALLEST.dpi)
        : format === 4
          ? await decodeSvg(out.body.toString('utf8'))
          : await decodeImage(out.body);
    expect(read.text).toBe(payload);
    if (format === 4) expect(out.body.toString('utf8')).toContain('<title>Wi-Fi SSID: cafe-guest</title>');
  });
});
