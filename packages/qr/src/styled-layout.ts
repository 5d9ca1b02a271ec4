import {
  CTA_PHRASES,
  DESIGN_LIMITS,
  LOGO_AREA,
  type LogoSize,
  type QrDesign,
} from '@qrqr/shared/qr-design-constants';
import { layoutCtaFrame } from './cta-frame';
import type { QrMatrix } from './encode';
import { eyeShapes, inFinder } from './eyes';
import { layoutFrame } from './frame';
import type { Layout, RenderOptions } from './layout';

/** What a frame adds around the code: size, code origin, shapes and title. */
export type Decoration = Pick<Layout, 'width' | 'height' | 'codeX' | 'codeY' | 'shapes' | 'title'>;

/**
 * Side in cells of the logo's reserved square (clear zone included): its share of the symbol's
 * area at most LOGO_AREA, and of the symbol's parity so it sits exactly in the middle.
 */
export function logoCells(size: number, logoSize: LogoSize): number {
  let side = Math.floor(Math.sqrt(LOGO_AREA[logoSize]) * size);
  if ((size - side) % 2 !== 0) side -= 1;
  return Math.max(side, 0);
}

/** The modules a designed code draws one by one: without its finder patterns and logo square. */
function bodyOf(matrix: QrMatrix, logoSide: number): QrMatrix {
  const { size } = matrix;
  const modules = matrix.modules.slice();
  const from = (size - logoSide) / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inLogo = logoSide > 0 && x >= from && x < from + logoSide && y >= from && y < from + logoSide;
      if (inLogo || inFinder(size, x, y)) modules[y * size + x] = 0;
    }
  }
  return { ...matrix, modules };
}

const isBlackOrWhite = (hex: string) => /^#(000000|ffffff)$/i.test(hex);

export function layoutStyled(matrix: QrMatrix, opts: RenderOptions, design: QrDesign): Layout {
  const quiet = Math.max(opts.margin, DESIGN_LIMITS.minQuiet);
  const side = matrix.size + 2 * quiet;
  const base: Decoration = opts.frame
    ? layoutFrame(matrix, quiet, opts.frame.ssid)
    : design.cta
      ? layoutCtaFrame(matrix, quiet, CTA_PHRASES[design.cta])
      : { width: side, height: side, codeX: quiet, codeY: quiet, shapes: [], title: 'QR code' };
  const logoSide = design.logo ? logoCells(matrix.size, design.logo_size) : 0;
  const palette = { dark: design.fg, light: design.bg, eye: design.eye_color ?? design.fg };
  const from = (matrix.size - logoSide) / 2;
  return {
    ...base,
    shapes: [...base.shapes, ...eyeShapes(matrix.size, design.eye_shape, base.codeX, base.codeY)],
    palette,
    modules: bodyOf(matrix, logoSide),
    moduleShape: design.module_shape,
    // One cell of clear zone all round the logo inside its square.
    logoBox:
      logoSide > 2 ? { x: base.codeX + from + 1, y: base.codeY + from + 1, side: logoSide - 2 } : undefined,
    coloured: design.logo !== null || !Object.values(palette).every(isBlackOrWhite),
  };
}
