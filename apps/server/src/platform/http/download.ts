import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A file answer: its type, the name it is saved under, and the bytes, text or a stream of them. */
export interface DownloadFile {
  contentType: string;
  /** The whole Content-Disposition value; `attachment(filename)` for a plain ASCII name. */
  disposition: string;
  body: Buffer | string | Readable;
}

/** `attachment` with a plain ASCII file name. */
export const attachment = (filename: string) => `attachment; filename="${filename}"`;

/**
 * Sends a file to save (downloads of codes, CSV exports): as an attachment, never sniffed into
 * something the browser would run, and not cached (`private, no-store` unless told otherwise;
 * platform/http/cache-control.ts keeps either).
 */
export function sendDownload(reply: FastifyReply, file: DownloadFile, cacheControl = 'private, no-store') {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', file.disposition)
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
