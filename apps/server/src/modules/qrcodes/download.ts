import { ImageTooLargeError, renderImage } from '@qrqr/qr/node';
import { IMAGE_OPTIONS } from '@qrqr/shared/qr-constants';
import { DESIGN_LIMITS } from '@qrqr/shared/qr-design-constants';
import type { DownloadQuery } from '@qrqr/shared/qrcode-schemas';
import { AppError } from '../../platform/http/errors';
import { requireAccess } from '../sharing/lookup';
import type { QrContext } from './context';
import { designOf, drawingOf } from './design';
import type { Viewer } from './repository';

export interface QrImage {
  body: Buffer;
  contentType: string;
  filename: string;
}

/**
 * Renders the viewer's code as PNG, JPEG, EPS or SVG with the dialog's options, within the pixel
 * budget and through the render gate (a burst waits in a bounded queue, then gets E-503).
 */
export async function downloadImage(
  ctx: QrContext,
  input: { viewer: Viewer; query: DownloadQuery; signal?: AbortSignal },
): Promise<QrImage> {
  const { query } = input;
  // The owner (member or guest history), or a recipient allowed to view the code.
  const { code } = await requireAccess(ctx, input.viewer, query.qr_data_id, 'view');
  if (designOf(code) && query.op_size < DESIGN_LIMITS.minCellSize)
    throw AppError.field('op_size', 'validation.design_cell_size');
  const drawing = await drawingOf(ctx, code);
  const image = await ctx.renders
    .run(
      () =>
        renderImage(code.payload, {
          format: query.type,
          cellSize: query.op_size,
          margin: query.op_margin,
          dpi: query.op_dpi,
          maxSide: IMAGE_OPTIONS.maxImagePixels,
          ...drawing,
        }),
      input.signal,
    )
    .catch((error: unknown) => {
      if (error instanceof ImageTooLargeError) throw AppError.field('op_size', 'validation.image_too_large');
      throw error;
    });
  return {
    body: image.body,
    contentType: image.contentType,
    filename: `qrcode-${fileTitle(code.title) || code.id}.${image.extension}`,
  };
}

/** The title as a file name: no path separators, control or quote characters, at most 80 characters. */
function fileTitle(title: string): string {
  return Array.from(title.replace(/[\\/:*?"<>|\p{Cc}\p{Cf}]+/gu, '_').trim())
    .slice(0, 80)
    .join('');
}

/**
 * `attachment` with an ASCII name for old clients and the UTF-8 name (RFC 5987) that browsers
 * prefer, so a Japanese title survives.
 */
export function contentDisposition(filename: string, fallbackId: string): string {
  const ext = filename.slice(filename.lastIndexOf('.'));
  const ascii = filename.replace(/[^A-Za-z0-9._-]+/g, '_');
  const readable = /[A-Za-z0-9]/.test(ascii.slice('qrcode-'.length, -ext.length))
    ? ascii
    : `qrcode-${fallbackId}${ext}`;
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${readable}"; filename*=UTF-8''${encoded}`;
}
