import { z } from 'zod';
import { fieldErrorSchema } from './envelope-schemas';
import { listFromForm } from './form-json';
import { numberish } from './form-number';
import { BULK_LIMITS, SHEET, SHEET_PAPERS } from './qr-bulk-constants';
import { ANALYSIS_TYPES, type AnalysisType } from './qr-constants';
import { downloadQuery } from './qrcode-schemas';

/**
 * Bulk calls of the QR manager. A CSV is sent as the request body itself (text/csv, UTF-8 with or
 * without BOM, or Shift_JIS as Excel saves it in Japan); its rows are checked by createQrBody, so a
 * row's errors are the create form's rules and messages. Exports take the selected ids.
 */

/** POST /qrcode/bulk/preview/ and /qrcode/bulk/create/: the analysis type of rows that name none. */
export const bulkCsvQuery = z.object({
  analysis_type: numberish(
    z.union(
      [z.literal(ANALYSIS_TYPES.none), z.literal(ANALYSIS_TYPES.redirect), z.literal(ANALYSIS_TYPES.secret)],
      { error: 'validation.analysis_type' },
    ),
  )
    .optional()
    .default(ANALYSIS_TYPES.none) as z.ZodType<AnalysisType, unknown>,
});

/** One CSV row as read and checked: `line` is its line in the file (the header is line 1). */
export const bulkRowSchema = z.object({
  line: z.number().int(),
  tab: z.number().int().nullable().describe('0 URL, 1 text, 2 Wi-Fi; null when the type is unknown'),
  title: z.string(),
  content: z.string().describe('The URL or text; the SSID of a Wi-Fi row'),
  analysis_type: z.number().int().nullable(),
  errors: z.array(fieldErrorSchema).describe('Empty for a row that will be created'),
});

/** The preview: every row with its errors (nothing is written). */
export const bulkPreviewAnswer = z.object({
  encoding: z.enum(['utf-8', 'shift_jis', 'utf-16']).describe('How the file was read'),
  rows: z.array(bulkRowSchema),
  valid_count: z.number().int(),
  invalid_count: z.number().int(),
});

/** The creation: the valid rows made in one transaction, the invalid ones left out with their errors. */
export const bulkCreateAnswer = bulkPreviewAnswer.extend({
  created_count: z.number().int(),
  ids: z.array(z.string()).describe('The new codes, in the rows’ order (an export can take them)'),
});

const idList = z.preprocess(
  listFromForm,
  z
    .array(z.string().trim().min(1).max(64), { error: 'validation.bulk_ids' })
    .min(1, { error: 'validation.bulk_ids' })
    .transform((ids) => [...new Set(ids)])
    .refine((ids) => ids.length <= BULK_LIMITS.maxIds, { error: 'validation.bulk_ids_too_many' }),
) as z.ZodType<string[], unknown>;

/** POST /qrcode/bulk/zip/: the selected codes as images, with the download dialog's options. */
export const bulkZipBody = downloadQuery.omit({ qr_data_id: true }).extend({ ids: idList });

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** POST /qrcode/bulk/pdf/: a printable sheet, codes of `size_mm` with their titles, as many a page as fit. */
export const bulkPdfBody = z.object({
  ids: idList,
  paper: z.enum(SHEET_PAPERS as [string, ...string[]], { error: 'validation.sheet_paper' }).default('A4'),
  size_mm: numberish(
    z
      .number({ error: 'validation.sheet_size' })
      .int({ error: 'validation.sheet_size' })
      .min(SHEET.minCodeMm, { error: 'validation.sheet_size' })
      .max(SHEET.maxCodeMm, { error: 'validation.sheet_size' }),
  )
    .optional()
    .default(SHEET.defaultCodeMm) as z.ZodType<number, unknown>,
  crop_marks: flag.optional().default(false),
});

/** POST /qrcode/bulk/csv/: the list with reads; without ids, all the member's codes. */
export const bulkListCsvBody = z.object({ ids: idList.optional() });

export type BulkCsvQuery = z.infer<typeof bulkCsvQuery>;
export type BulkRow = z.infer<typeof bulkRowSchema>;
export type BulkPreviewAnswer = z.infer<typeof bulkPreviewAnswer>;
export type BulkCreateAnswer = z.infer<typeof bulkCreateAnswer>;
export type BulkZipBody = z.infer<typeof bulkZipBody>;
export type BulkPdfBody = z.infer<typeof bulkPdfBody>;
export type BulkListCsvBody = z.infer<typeof bulkListCsvBody>;
