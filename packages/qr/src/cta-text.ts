import type { PathOp } from './layout';

/** The outlines of cta-glyphs.ts, in the shape that module exports them. */
export interface CtaFont {
  CTA_UNITS_PER_EM: number;
  CTA_ASCENT: number;
  CTA_GLYPHS: Record<string, readonly [number, string]>;
}

/**
 * The outlines are handed over rather than imported: node.ts does so at once, while the browser
 * fetches them only for a code whose frame has a call to action (loadCtaFont), so a preview of a
 * plain code never carries ~7 KB of glyphs.
 */
let font: CtaFont | null = null;
export function provideCtaFont(f: CtaFont): void {
  font = f;
}
export const hasCtaFont = (): boolean => font !== null;
/** The glyphs module, fetched once. */
export function loadCtaFont(): Promise<void> {
  return font ? Promise.resolve() : import('./cta-glyphs').then(provideCtaFont);
}

const UNITS = 1000;
const glyphOf = (c: string): readonly [number, string] =>
  font?.CTA_GLYPHS[c] ?? font?.CTA_GLYPHS['?'] ?? [font?.CTA_UNITS_PER_EM ?? UNITS, ''];
const unitsPerEm = () => font?.CTA_UNITS_PER_EM ?? UNITS;

/** Width of `text` at `em` (the font size), in the caller's units. */
export function ctaWidth(text: string, em: number): number {
  let units = 0;
  for (const c of text) units += glyphOf(c)[0];
  return (units * em) / unitsPerEm();
}

/** Height from the top of the em box to the baseline, as a share of the font size (CJK: 0.88). */
export const CTA_ASCENT_PER_EM = 0.88;

/**
 * The filled outlines of `text` (non-zero fill), baseline at `baseline`, left edge at `left`.
 * Quadratic segments become cubics, the one curve every format draws.
 */
export function ctaOps(text: string, left: number, baseline: number, em: number): PathOp[] {
  const k = em / unitsPerEm();
  const ops: PathOp[] = [];
  let x0 = left;
  for (const c of text) {
    const [advance, d] = glyphOf(c);
    let cx = 0;
    let cy = 0;
    const X = (v: number) => x0 + v * k;
    const Y = (v: number) => baseline - v * k;
    for (const part of d.match(/[MLQCZ][^MLQCZ]*/g) ?? []) {
      const n = part.slice(1).trim().split(/\s+/).filter(Boolean).map(Number);
      switch (part[0]) {
        case 'M':
        case 'L':
          ops.push([part[0], X(n[0] as number), Y(n[1] as number)]);
          [cx, cy] = [n[0] as number, n[1] as number];
          break;
        case 'Q': {
          const [qx, qy, ex, ey] = n as [number, number, number, number];
          // The cubic with the same curve: control points two thirds of the way to the quadratic's.
          ops.push([
            'C',
            X(cx + (2 / 3) * (qx - cx)),
            Y(cy + (2 / 3) * (qy - cy)),
            X(ex + (2 / 3) * (qx - ex)),
            Y(ey + (2 / 3) * (qy - ey)),
            X(ex),
            Y(ey),
          ]);
          [cx, cy] = [ex, ey];
          break;
        }
        case 'C': {
          const [ax, ay, bx, by, ex, ey] = n as [number, number, number, number, number, number];
          ops.push(['C', X(ax), Y(ay), X(bx), Y(by), X(ex), Y(ey)]);
          [cx, cy] = [ex, ey];
          break;
        }
        default:
          ops.push(['Z']);
      }
    }
    x0 += advance * k;
  }
  return ops;
}
