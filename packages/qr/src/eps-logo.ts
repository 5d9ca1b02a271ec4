import { cmykOf, rgbOf } from './colour';
import { fitLogo, type Layout, type LogoImage } from './layout';

const hex2 = (v: number) =>
  Math.round(v * 255)
    .toString(16)
    .padStart(2, '0');

/**
 * The logo as an 8-bit DeviceCMYK image in ASCII hex (the file stays Clean7Bit), its transparent
 * parts blended onto the background colour first: PostScript level 2 has no alpha.
 */
export function epsLogo(layout: Layout, image: LogoImage | undefined): string[] {
  if (!layout.logoBox || !image?.rgba) return [];
  const { width: w, height: h, rgba } = image;
  const at = fitLogo(layout.logoBox, w, h);
  const paper = rgbOf(layout.palette.light);
  const lines: string[] = [];
  let line = '';
  for (let i = 0; i < w * h; i++) {
    const a = (rgba[4 * i + 3] as number) / 255;
    const rgb = [0, 1, 2].map((c) =>
      Math.round((rgba[4 * i + c] as number) * a + (paper[c] as number) * (1 - a)),
    );
    const hex = `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
    line += cmykOf(hex).map(hex2).join('');
    if (line.length >= 240) {
      lines.push(line);
      line = '';
    }
  }
  if (line) lines.push(line);
  const n = (v: number) => String(Math.round(v * 10000) / 10000);
  return [
    `gsave ${n(at.x)} ${n(at.y)} translate ${n(at.w)} ${n(at.h)} scale /DeviceCMYK setcolorspace`,
    `<< /ImageType 1 /Width ${w} /Height ${h} /BitsPerComponent 8 /Decode [0 1 0 1 0 1 0 1]`,
    ` /ImageMatrix [${w} 0 0 ${h} 0 0] /DataSource currentfile /ASCIIHexDecode filter >> image`,
    ...lines,
    '>',
    'grestore',
  ];
}
