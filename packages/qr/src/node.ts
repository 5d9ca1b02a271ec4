/** Node entry: everything in index plus the raster formats (zlib, sharp). The server imports this. */
import { encodeQr, type QrMatrix } from './encode';
import { renderEps } from './eps';
import { plainGrey } from './grey';
import { greyToJpeg } from './jpeg';
import { layoutImage, type RenderOptions } from './layout';
import { greyPng, renderPlainPng } from './png';
import { rasterLayout } from './raster';
import { renderSvg } from './svg';

export * from './index';

/** Plain codes: 1-bit PNG straight from the modules. Framed Wi-Fi codes: our own rasteriser, 8-bit grey. */
export function renderPng(matrix: QrMatrix, opts: RenderOptions): Promise<Buffer> {
  if (!opts.frame) return renderPlainPng(matrix, opts);
  return greyPng(rasterLayout(layoutImage(matrix, opts), matrix, opts.cellSize));
}

/** Plain codes: one pixel a cell, scaled up by sharp. Framed Wi-Fi codes: our own rasteriser. */
export function renderJpeg(matrix: QrMatrix, opts: RenderOptions): Promise<Buffer> {
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
 */
export async function renderImage(
  payload: string,
  opts: RenderOptions & { format: 1 | 2 | 3 | 4; dpi: number; maxSide?: number },
): Promise<ImageResult> {
  const matrix = encodeQr(payload);
  if (opts.maxSide !== undefined) {
    const layout = layoutImage(matrix, opts);
    const width = layout.width * opts.cellSize;
    const height = layout.height * opts.cellSize;
    if (Math.max(width, height) > opts.maxSide) throw new ImageTooLargeError(width, height);
  }
  switch (opts.format) {
    case 1:
      return { body: await renderPng(matrix, opts), contentType: 'image/png', extension: 'png' };
    case 2:
      return { body: await renderJpeg(matrix, opts), contentType: 'image/jpeg', extension: 'jpg' };
    case 3:
      return {
        body: Buffer.from(renderEps(matrix, opts)),
        contentType: 'application/postscript',
        extension: 'eps',
      };
    case 4:
      return {
        body: Buffer.from(renderSvg(matrix, opts)),
        contentType: 'image/svg+xml; charset=utf-8',
        extension: 'svg',
      };
  }
}
