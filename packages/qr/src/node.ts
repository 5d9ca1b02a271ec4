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
export function renderPng(matrix: QrMatrix, opts: RenderOptions): Buffer {
  if (!opts.frame) return renderPlainPng(matrix, opts);
  return greyPng(rasterLayout(layoutImage(matrix, opts), matrix, opts.cellSize));
}

export function renderJpeg(matrix: QrMatrix, opts: RenderOptions): Promise<Buffer> {
  const img = opts.frame
    ? rasterLayout(layoutImage(matrix, opts), matrix, opts.cellSize)
    : plainGrey(matrix, opts.cellSize, opts.margin);
  return greyToJpeg(img.pixels, img.width, img.height);
}

export interface ImageResult {
  body: Buffer;
  contentType: string;
  extension: 'png' | 'jpg' | 'eps' | 'svg';
}

/** format: 1 PNG, 2 JPEG, 3 EPS, 4 SVG (IMAGE_FORMATS in @qrqr/shared). dpi only matters for EPS. */
export async function renderImage(
  payload: string,
  opts: RenderOptions & { format: 1 | 2 | 3 | 4; dpi: number },
): Promise<ImageResult> {
  const matrix = encodeQr(payload);
  switch (opts.format) {
    case 1:
      return { body: renderPng(matrix, opts), contentType: 'image/png', extension: 'png' };
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
