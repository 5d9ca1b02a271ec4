import {
  colourProblem,
  DEFAULT_DESIGN,
  DESIGN_LIMITS,
  DESIGN_PRESETS,
  designProblems,
  LOGO_AREA,
  type QrDesign,
} from '@qrqr/shared/qr-design-constants';
import { describe, expect, it } from 'vitest';
import { encodeFor, layoutImage, renderEps } from '../src';
import { inFinder } from '../src/eyes';
import { logoCells } from '../src/styled-layout';

describe('colours: dark on light with enough contrast', () => {
  it.each([
    ['#ffffff', '#000000', 'design_inverted'],
    ['#1f3a93', '#1f3a93', 'design_inverted'],
    ['#777777', '#ffffff', 'design_contrast'],
    ['#ff8c00', '#ffffff', 'design_contrast'],
    ['#000000', '#ffd700', null],
    ['#e60012', '#ffffff', null],
  ])('%s on %s → %s', (dark, light, problem) => {
    expect(colourProblem(dark, light)).toBe(problem);
  });

  it('names the eyes apart from the modules', () => {
    const design: QrDesign = { ...DEFAULT_DESIGN, fg: '#888888', eye_color: '#ffffff' };
    expect(designProblems(design)).toEqual([
      { field: 'fg', key: 'design_contrast' },
      { field: 'eye_color', key: 'design_inverted' },
    ]);
  });

  it.each(Object.keys(DESIGN_PRESETS))('preset %s passes', (name) => {
    expect(designProblems(DESIGN_PRESETS[name] as QrDesign)).toEqual([]);
  });
});

describe('the logo area', () => {
  it.each([5, 10, 20, 30, 40])('at version %i stays within its share, clear of the finders', (version) => {
    const size = 17 + 4 * version;
    for (const logo of ['small', 'large'] as const) {
      const side = logoCells(size, logo);
      expect(side * side).toBeLessThanOrEqual(LOGO_AREA[logo] * size * size);
      expect((size - side) % 2).toBe(0);
      const from = (size - side) / 2;
      for (const [x, y] of [
        [from, from],
        [from + side - 1, from],
        [from, from + side - 1],
      ] as const)
        expect(inFinder(size, x, y)).toBe(false);
      // Timing patterns (row and column 6) stay drawn.
      expect(from).toBeGreaterThan(6);
    }
  });

  it('a small code grows to the version the logo needs', () => {
    const design: QrDesign = { ...DEFAULT_DESIGN, logo: { source: 'channel', channel_id: 1 } };
    expect(encodeFor('https://x.jp', design).version).toBe(DESIGN_LIMITS.logoMinVersion);
    expect(encodeFor('https://x.jp', { ...design, logo: null }).version).toBe(1);
  });
});

describe('the quiet zone stays', () => {
  it('a designed code keeps two cells in its background colour even when none is asked', () => {
    const matrix = encodeFor('https://example.jp');
    const layout = layoutImage(matrix, { cellSize: 4, margin: 0, design: DESIGN_PRESETS.sakura });
    expect([layout.codeX, layout.codeY]).toEqual([DESIGN_LIMITS.minQuiet, DESIGN_LIMITS.minQuiet]);
    expect(layout.width).toBe(matrix.size + 2 * DESIGN_LIMITS.minQuiet);
  });
});

describe('EPS stays print-exact', () => {
  const matrix = encodeFor('https://example.jp/r/Ab3dE7x');
  const eps = (design: QrDesign) => renderEps(matrix, { cellSize: 10, margin: 4, dpi: 300, design });

  it('black modules of a coloured design are pure K (0 0 0 1), never a rich black', () => {
    const out = eps({ ...DEFAULT_DESIGN, bg: '#fff5f7', eye_color: '#9c2a4a', module_shape: 'dots' });
    const colours = out.split('\n').filter((l) => l.includes('setcmykcolor'));
    expect(colours.some((l) => l.startsWith('0 0 0 1 setcmykcolor'))).toBe(true);
    expect(out).not.toMatch(/setrgbcolor|setgray/);
    // The modules are vector: one D (dot) per dark module, no image but none for a logo.
    expect(out).not.toMatch(/ image\b/);
    expect((out.match(/ D$/gm) ?? []).length).toBeGreaterThan(100);
  });

  it('a grey design keeps black as K alone and white as no ink', () => {
    const out = eps({ ...DEFAULT_DESIGN, fg: '#333333', module_shape: 'rounded' });
    expect(out).toContain('0 0 0 0.8 setcmykcolor');
    expect(out).toContain('0 0 0 0 setcmykcolor');
  });

  it('the plain design stays the plain grey file', () => {
    expect(eps(DEFAULT_DESIGN)).not.toContain('setcmykcolor');
  });
});
