import { once } from 'node:events';
import type { PassThrough, Readable } from 'node:stream';
import type { BulkZipBody } from '@qrqr/shared/qr-bulk-schemas';
import { ZipFile } from 'yazl';
import type { QrCodeRow } from '../../db/schema';
import type { AppContext } from '../../platform/core/context';
import { AppError } from '../../platform/http/errors';
import { qrCodeImage } from '../qrcodes/lookup';
import { safeStem, UniqueNames } from './file-names';
import { renderPatiently } from './patient-render';

/** The extensions of text images, which deflate to a fraction; the others are stored. */
const DEFLATED = new Set(['svg', 'eps']);

/**
 * The codes as a ZIP of images, streamed: each image is rendered (through the render gate, as a
 * single download is) only when the socket has taken the one before, so memory holds one image and
 * the socket's buffer whatever the count. The text formats (SVG, EPS: long runs of the same
 * path operators) are deflated, one image at a time on libuv's pool, not the event loop; PNG and
 * JPEG are stored, as they are compressed already and deflating them again would cost CPU for
 * nothing. A code that cannot be drawn with these options is left out and named in `errors.txt`
 * instead of breaking the archive.
 */
export function zipOfCodes(
  ctx: AppContext,
  input: { userId: string; codes: QrCodeRow[]; options: Omit<BulkZipBody, 'ids'>; signal: AbortSignal },
): Readable {
  const zip = new ZipFile();
  // yazl's output is a PassThrough (its types say only ReadableStream); its buffer tells when to wait.
  const out = zip.outputStream as PassThrough;
  fill(ctx, zip, input).catch((error: unknown) => {
    ctx.log.warn({ err: error }, 'bulk ZIP stopped');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}

async function fill(
  ctx: AppContext,
  zip: ZipFile,
  input: { userId: string; codes: QrCodeRow[]; options: Omit<BulkZipBody, 'ids'>; signal: AbortSignal },
) {
  const { signal } = input;
  const names = new UniqueNames();
  const skipped: string[] = [];
  const viewer = { userId: input.userId, guestKeyHash: null };
  for (const code of input.codes) {
    signal.throwIfAborted();
    const query = { ...input.options, qr_data_id: code.id };
    let image: Awaited<ReturnType<typeof qrCodeImage>>;
    try {
      image = await renderPatiently(() => qrCodeImage(ctx, { viewer, query, signal }), signal);
    } catch (error) {
      if (!(error instanceof AppError && error.statusCode < 500)) throw error;
      skipped.push(`${code.title || code.id}\t${error.options.fields?.[0]?.rule ?? error.code}`);
      continue;
    }
    const extension = image.filename.slice(image.filename.lastIndexOf('.') + 1);
    const name = names.name(safeStem(code.title, `qrcode-${code.id}`), extension);
    zip.addBuffer(image.body, name, {
      compress: DEFLATED.has(extension),
      mtime: new Date(code.created_at),
    });
    const out = zip.outputStream as PassThrough;
    if (out.writableNeedDrain) await once(out, 'drain', { signal });
  }
  if (skipped.length)
    zip.addBuffer(Buffer.from(`${skipped.join('\r\n')}\r\n`), 'errors.txt', { compress: true });
  zip.end();
}
