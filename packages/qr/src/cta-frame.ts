import { CTA_ASCENT_PER_EM, ctaOps, ctaWidth } from './cta-text';
import type { QrMatrix } from './encode';
import { roundedRectOps } from './geometry';
import type { Decoration } from './styled-layout';

/**
 * A code in a rounded frame of the design's ink with the call to action below it, light on the
 * ink band, in Noto Sans CJK JP Bold outlines (cta-glyphs.ts). Lengths follow `s`, the code's size
 * relative to a version-1 code with a 4-cell quiet zone, as the Wi-Fi frame's do.
 */
export function layoutCtaFrame(matrix: QrMatrix, quiet: number, text: string): Decoration {
  const s = (matrix.size + 8) / 29;
  const code = matrix.size + 2 * quiet;
  const side = Math.max(1, Math.round(s));
  const ring = 0.6 * side;
  const band = Math.max(5, Math.round(6.5 * s));
  const width = code + 2 * side;
  const height = side + code + band;
  const radius = 2.5 * s;
  // The text fills at most 85 % of the width and half of the band.
  const em = Math.min(0.5 * band, (0.85 * width) / Math.max(ctaWidth(text, 1), 1));
  const top = side + code;
  // Centre the em box (ascent above the baseline, the rest below) in the band.
  const baseline = top + band / 2 + em * (CTA_ASCENT_PER_EM - 0.5);
  const outer = roundedRectOps(0, 0, width, height, radius);
  const inner = roundedRectOps(ring, ring, width - 2 * ring, top - ring, 0, Math.max(radius - ring, 0.5));
  return {
    width,
    height,
    codeX: side + quiet,
    codeY: side + quiet,
    shapes: [
      { kind: 'fill', ops: [...outer, ...inner], colour: 'dark', evenOdd: true },
      { kind: 'fill', ops: ctaOps(text, (width - ctaWidth(text, em)) / 2, baseline, em), colour: 'light' },
    ],
    title: text,
  };
}
