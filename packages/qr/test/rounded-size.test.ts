import { DESIGN_PRESETS, type QrDesign } from '@qrqr/shared/qr-design-constants';
import { describe, expect, it } from 'vitest';
import { encodeQr, renderEps, renderSvg } from '../src';
import { layoutImage } from '../src/layout';
import { roundedRuns } from '../src/module-shapes';
import { decodeEps, decodeSvg } from './decode';
import { asciiOf } from './payloads';

/**
 * Rounded modules written compactly: EPS calls a prolog procedure per run and SVG writes each run's
 * outline in relative commands, so a 900-byte code's rounded files stay near its square ones (they
 * were five to ten times larger with every outline written out), still vectors, still black as
 * pure K, still decoded.
 */
const payload = asciiOf(900);
const matrix = encodeQr(payload);
const OPTS = { cellSize: 4, margin: 4 };
// Black on cream: a coloured design, so the EPS speaks CMYK and its black must be K alone.
const design = (module_shape: QrDesign['module_shape']): QrDesign => ({
  ...(DESIGN_PRESETS.classic as QrDesign),
  fg: '#000000',
  bg: '#fff8e7',
  module_shape,
});

describe('a 900-byte code with rounded modules', () => {
  const square = { design: design('square'), ...OPTS };
  const rounded = { design: design('rounded'), ...OPTS };
  // The modules drawn as runs: the finder patterns are shapes of their own.
  const runs = roundedRuns(layoutImage(matrix, rounded).modules, 0, 0).length;

  it('writes an EPS under 1.5 times its square one, pure K, that Ghostscript renders and zxing decodes', async () => {
    const eps = renderEps(matrix, { ...rounded, dpi: 300 });
    expect(eps.length).toBeLessThan(1.5 * renderEps(matrix, { ...square, dpi: 300 }).length);
    expect(eps.match(/ U$/gm)).toHaveLength(runs);
    expect(eps).not.toMatch(/\bimage\b/);
    expect(eps).toContain('0 0 0 1 setcmykcolor');
    expect(eps.split('\n').every((line) => line.length <= 255)).toBe(true);
    expect((await decodeEps(eps, 300)).text).toBe(payload);
  });

  it('writes an SVG path of relative commands, one outline a run, that resvg renders and zxing decodes', async () => {
    const svg = renderSvg(matrix, rounded);
    const d = /<path fill="#000000" d="(M[^"]*)"\/><\/svg>$/.exec(svg)?.[1] ?? '';
    expect(d.match(/z/g)).toHaveLength(runs);
    expect(d).not.toMatch(/[LC]/);
    expect(svg.length).toBeLessThan(12 * renderSvg(matrix, square).length);
    expect((await decodeSvg(svg)).text).toBe(payload);
  });
});
