import {
  CTA_IDS,
  DEFAULT_DESIGN,
  designProblems,
  EYE_SHAPES,
  LOGO_SIZES,
  MODULE_SHAPES,
  type QrDesign,
} from '@qrqr/shared/qr-design-constants';
import sharp from 'sharp';

/** Deterministic colours (a tiny LCG), so a failing combination repeats. */
function* colours(seed: number): Generator<string> {
  let x = seed;
  for (;;) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    yield `#${(x % 0xffffff).toString(16).padStart(6, '0')}`;
  }
}

/** A dark-on-light pair the contrast rule accepts, drawn from the sequence. */
function readablePair(next: Generator<string>): { fg: string; bg: string } {
  for (;;) {
    const fg = next.next().value as string;
    const bg = next.next().value as string;
    const design = { ...DEFAULT_DESIGN, fg, bg };
    if (designProblems(design).length === 0) return { fg, bg };
  }
}

/**
 * Every module shape × eye shape × logo (none, small, large), each with its own accepted colour
 * pair, an eye colour on every other one and a call to action on every third.
 */
export function designCombinations(): { name: string; design: QrDesign }[] {
  const next = colours(31);
  const out: { name: string; design: QrDesign }[] = [];
  let i = 0;
  for (const module_shape of MODULE_SHAPES)
    for (const eye_shape of EYE_SHAPES)
      for (const logo of ['none', ...LOGO_SIZES] as const) {
        const pair = readablePair(next);
        const eye = i % 2 === 1 ? readablePair(next).fg : null;
        const design: QrDesign = {
          ...DEFAULT_DESIGN,
          ...pair,
          module_shape,
          eye_shape,
          eye_color:
            eye && designProblems({ ...DEFAULT_DESIGN, ...pair, eye_color: eye }).length === 0 ? eye : null,
          logo: logo === 'none' ? null : { source: 'channel', channel_id: 1 },
          logo_size: logo === 'large' ? 'large' : 'small',
          cta: i % 3 === 0 ? (CTA_IDS[i % CTA_IDS.length] ?? null) : null,
        };
        out.push({
          name: `${module_shape}/${eye_shape}/logo ${logo}${design.cta ? `/${design.cta}` : ''}`,
          design,
        });
        i++;
      }
  return out;
}

/** A logo as a shop would upload it: opaque colours, a transparent corner, not square. */
export function sampleLogo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160">
    <rect x="10" y="10" width="220" height="140" rx="30" fill="#e60012"/>
    <circle cx="120" cy="80" r="45" fill="#ffd700"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
