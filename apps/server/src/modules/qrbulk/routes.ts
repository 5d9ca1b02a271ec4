import { BULK_LIMITS } from '@qrqr/shared/qr-bulk-constants';
import { bulkApi } from '@qrqr/shared/qr-bulk-paths';
import {
  bulkCreateAnswer,
  bulkCsvQuery,
  bulkListCsvBody,
  bulkPdfBody,
  bulkPreviewAnswer,
  bulkZipBody,
} from '@qrqr/shared/qr-bulk-schemas';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/core/context';
import { clientGone } from '../../platform/http/client-abort';
import { attachment, type DownloadFile, sendDownload } from '../../platform/http/download';
import { ok } from '../../platform/http/errors';
import { errorResponse, responses } from '../../platform/http/schemas';
import { holdUntilAnswered } from '../../platform/media/costly-work';
import { createFromCsv } from './create-from-csv';
import { listCsv } from './list-csv';
import { pdfSheetInThread } from './pdf-sheet-thread';
import { presentRows } from './present';
import { readCsv } from './read-csv';
import { checkImageSizes, selectedCodes } from './selected-codes';
import { zipOfCodes } from './zip-export';

const tags = ['qrcodes'];
const file = (description: string) => ({
  200: z.unknown().describe(description),
  '4xx': errorResponse,
  '5xx': errorResponse,
});
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel', 'text/plain'];
/** Today in Tokyo for file names: qrcodes-20261129.zip. */
const stamp = () =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(Date.now()).replaceAll('-', '');
/** A bulk file, named for today: qrcodes-<date>.<extension>. */
const sendBulkFile = (
  reply: FastifyReply,
  extension: 'zip' | 'pdf' | 'csv',
  contentType: string,
  body: DownloadFile['body'],
) =>
  sendDownload(reply, {
    contentType,
    disposition: attachment(`qrcodes-${stamp()}.${extension}`),
    body,
  });

/**
 * Bulk calls of the QR manager, members only: a CSV (the request body, text/csv) previewed or
 * created, and a selection of the member's codes as a ZIP of images, a PDF sheet or the list CSV.
 */
export function qrBulkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const { sessions, config } = ctx;
  // Counted per call, as single creation is: one call creates at most BULK_LIMITS.maxRows codes.
  const createLimited = { rateLimit: { max: config.QR_CREATE_RATE_LIMIT, timeWindow: '1 minute' } };
  const exportLimited = { rateLimit: { max: config.QR_DOWNLOAD_RATE_LIMIT, timeWindow: '1 minute' } };
  const csvLimited = { rateLimit: { max: config.ANALYTICS_CSV_RATE_LIMIT, timeWindow: '1 minute' } };

  return async (app) => {
    // The file's own bytes: its encoding is detected, never assumed (csv-text.ts).
    app.addContentTypeParser(
      CSV_TYPES,
      { parseAs: 'buffer', bodyLimit: BULK_LIMITS.maxCsvBytes },
      (_r, body, done) => done(null, body),
    );
    const csvSchema = (answer: typeof bulkPreviewAnswer | typeof bulkCreateAnswer, description: string) => ({
      tags,
      querystring: bulkCsvQuery,
      consumes: CSV_TYPES,
      description,
      response: responses(answer),
    });

    app.post(
      bulkApi.preview,
      {
        // Read only with an upload slot, after the session and CSRF checks (upload-gate.ts).
        config: { upload: true },
        schema: csvSchema(
          bulkPreviewAnswer,
          'Reads a CSV (UTF-8 with or without BOM, or Shift_JIS) and checks every row by the create form’s rules; writes nothing. At most 1,000 rows.',
        ),
      },
      async (req) => {
        await sessions.requireUserId(req);
        const bytes = bodyBytes(req.body);
        return ok(
          presentRows(readCsv(ctx, { bytes, analysis: req.query.analysis_type, locale: req.locale })),
        );
      },
    );

    app.post(
      bulkApi.create,
      {
        config: { upload: true, ...createLimited },
        schema: csvSchema(
          bulkCreateAnswer,
          'Creates the valid rows of a CSV in one transaction (all or none); invalid rows are answered with their errors. Rate-limited per call like /qrcode/create/.',
        ),
      },
      async (req) => {
        const userId = await sessions.requireUserId(req);
        const bytes = bodyBytes(req.body);
        const made = await createFromCsv(ctx, {
          userId,
          bytes,
          analysis: req.query.analysis_type,
          locale: req.locale,
        });
        return ok({ ...presentRows(made), created_count: made.ids.length, ids: made.ids });
      },
    );

    app.post(
      bulkApi.zip,
      {
        config: exportLimited,
        schema: {
          tags,
          body: bulkZipBody,
          description: 'The selected codes as a ZIP of images (type 1 PNG, 2 JPEG, 3 EPS, 4 SVG), streamed.',
          response: file('application/zip'),
        },
      },
      async (req, reply) => {
        const userId = await sessions.requireUserId(req);
        const { ids, ...options } = req.body;
        const codes = await selectedCodes(ctx, userId, ids);
        checkImageSizes(codes, options);
        await holdUntilAnswered(ctx.exports, reply);
        const body = zipOfCodes(ctx, { userId, codes, options, signal: clientGone(reply) });
        return sendBulkFile(reply, 'zip', 'application/zip', body);
      },
    );

    app.post(
      bulkApi.pdf,
      {
        config: exportLimited,
        schema: {
          tags,
          body: bulkPdfBody,
          description:
            'A printable A4 or A3 sheet of the selected codes, each with its title, optional crop marks.',
          response: file('application/pdf'),
        },
      },
      async (req, reply) => {
        const userId = await sessions.requireUserId(req);
        const codes = await selectedCodes(ctx, userId, req.body.ids);
        const signal = clientGone(reply);
        // Built in the sheet thread; its render slot is held until the sheet is done.
        const pdf = await ctx.renders.run(() => pdfSheetInThread(ctx, codes, req.body), signal);
        return sendBulkFile(
          reply,
          'pdf',
          'application/pdf',
          Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength),
        );
      },
    );

    app.post(
      bulkApi.csv,
      {
        config: csvLimited,
        schema: {
          tags,
          body: bulkListCsvBody,
          description:
            'The selected codes (or all of the member’s) as CSV, UTF-8 with BOM, with their reads.',
          response: file('text/csv'),
        },
      },
      async (req, reply) => {
        const userId = await sessions.requireUserId(req);
        const codes = req.body.ids ? await selectedCodes(ctx, userId, req.body.ids) : undefined;
        await holdUntilAnswered(ctx.exports, reply);
        const body = listCsv(ctx, { userId, codes, locale: req.locale });
        return sendBulkFile(reply, 'csv', 'text/csv; charset=utf-8', body);
      },
    );
  };
}

/** The CSV body; an empty or missing one is a file without rows. */
function bodyBytes(body: unknown): Uint8Array {
  return body instanceof Uint8Array ? body : new Uint8Array();
}
