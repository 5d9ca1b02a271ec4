/** Node entry: everything in index plus the raster formats (zlib, sharp). The server imports this. */
import { isPlainDesign } from '@qrqr/shared/qr-design-constants';
import * as ctaFont from './cta-glyphs';
import { provideCtaFont } from './cta-text';
import { encodeFor, type QrMatrix } from './encode';
import { renderEps } from './eps';
import { plainGrey } from './grey';
import { greyToJpeg, rgbToJpeg } from './jpeg';
import { layoutImage, type RenderOptions } from './layout';
import { loadLogo } from './logo-image';
import { greyPng, indexedPng, renderPlainPng } from './png';
import { rasterLayout } from './raster';
import { packed, rasterStyled, toRgb } from './styled-raster';
import { renderSvg } from './svg';

export * from './index';

// The server draws every call to action: its outlines are here from the start.
provideCtaFont(ctaFont);

export { loadLogo } from './logo-image';

const designed = (opts: RenderOptions) => Boolean(opts.design);

/** Plain codes: 1-bit PNG straight from the modules. Framed Wi-Fi codes: our own rasteriser, 8-bit grey. */
export function renderPng(matrix: QrMatrix, opts: RenderOptions): Promise<Buffer> {
  if (designed(opts)) {
    const layout = layoutImage(matrix, opts);
    const img = rasterStyled(layout, opts.cellSize);
    if (layout.logoBox && opts.logoImage?.rgba)
      return indexedPng(img, toRgb(img, layout, opts.cellSize, opts.logoImage));
    return indexedPng(img);
  }
  if (!opts.frame) return renderPlainPng(matrix, opts);
  return greyPng(rasterLayout(layoutImage(matrix, opts), matrix, opts.cellSize));
}

/** Plain codes: one pixel a cell, scaled up by sharp. Framed Wi-Fi codes: our own rasteriser. */
export function renderJpeg(matrix: QrMatrix, opts: RenderOptions): Promise<Buffer> {
  if (designed(opts)) {
    const layout = layoutImage(matrix, opts);
    const img = rasterStyled(layout, opts.cellSize);
    if (img.grey) return greyToJpeg(packed(img));
    return rgbToJpeg({
      width: img.width,
      height: img.height,
      pixels: toRgb(img, layout, opts.cellSize, opts.logoImage),
    });
  }
  if (opts.frame) return greyToJpeg(rasterLayout(layoutImage(matrix, opts), matrix, opts.cellSize));
  return greyToJpeg(plainGrey(matrix, 1, opts.margin), opts.cellSize);
}

export interface ImageResult {
  body: Buffer;
  contentType: string;
  extension: 'png' | 'jpg' | 'eps' | 'svg';
}

/** An image larger than the caller's budget was asked for; nothing was drawn. */
export class ImageTooLargeError extends Error {
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    super(`image of ${width} x ${height} px is over the budget`);
  }
}

/**
 * format: 1 PNG, 2 JPEG, 3 EPS, 4 SVG (IMAGE_FORMATS in @qrqr/shared). dpi only matters for EPS.
 * `maxSide` is the pixel budget, checked on the real layout (a Wi-Fi frame included) before any
 * drawing, for every format: SVG and EPS describe the same pixels at the same cell size.
 * `logo` is the picture `design.logo` names, as stored (PNG or JPEG bytes).
 */
export async function renderImage(
  payload: string,
  opts: Omit<RenderOptions, 'logoImage'> & {
    format: 1 | 2 | 3 | 4;
    dpi: number;
    maxSide?: number;
    logo?: Buffer;
  },
): Promise<ImageResult> {
  const design = isPlainDesign(opts.design) ? undefined : opts.design;
  const matrix = encodeFor(payload, design);
  const layout = layoutImage(matrix, { ...opts, design });
  const width = layout.width * opts.cellSize;
  const height = layout.height * opts.cellSize;
  if (opts.maxSide !== undefined && Math.max(width, height) > opts.maxSide)
    throw new ImageTooLargeError(width, height);
  const logoImage =
    layout.logoBox && opts.logo
      ? await loadLogo(opts.logo, {
          box: layout.logoBox.side * opts.cellSize,
          format: opts.format,
          dpi: opts.dpi,
        })
      : undefined;
  const full = { ...opts, design, logoImage };
  switch (opts.format) {
    case 1:
      return { body: await renderPng(matrix, full), contentType: 'image/png', extension: 'png' };
    case 2:
      return { body: await renderJpeg(matrix, full), contentType: 'image/jpeg', extension: 'jpg' };
    case 3:
      return {
        body: Buffer.from(renderEps(matrix, full)),
        contentType: 'application/postscript',
        extension: 'eps',
      };
    case 4:
      return {
        body: Buffer.from(renderSvg(matrix, full)),
        contentType: 'image/svg+xml; charset=utf-8',
        extension: 'svg',
      };
  }
}
