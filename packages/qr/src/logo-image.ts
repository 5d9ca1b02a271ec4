import sharp from 'sharp';
import type { LogoImage } from './layout';

/** Vector formats carry the logo at this many pixels on its long side at most. */
const VECTOR_LOGO_MAX = 512;

/**
 * A stored picture made ready for one render: for PNG and JPEG drawn at the exact pixels of its
 * box (so the raster needs no resampling), for SVG as a PNG data: URL and for EPS as pixels at the
 * print resolution, both capped at 512 px.
 */
export async function loadLogo(
  bytes: Buffer,
  target: { box: number; format: 1 | 2 | 3 | 4; dpi: number },
): Promise<LogoImage> {
  const side = target.format <= 2 ? Math.max(1, target.box) : VECTOR_LOGO_MAX;
  const fitted = sharp(bytes).resize(side, side, { fit: 'inside', withoutEnlargement: target.format > 2 });
  if (target.format === 4) {
    const { data, info } = await fitted.png().toBuffer({ resolveWithObject: true });
    return {
      width: info.width,
      height: info.height,
      href: `data:image/png;base64,${data.toString('base64')}`,
    };
  }
  const { data, info } = await fitted.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    rgba: new Uint8Array(data.buffer, data.byteOffset, data.length),
  };
}
