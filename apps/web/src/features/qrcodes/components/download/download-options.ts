import { api } from '@qrqr/shared/paths';
import { IMAGE_FORMATS, IMAGE_OPTIONS, type ImageFormat } from '@qrqr/shared/qr-constants';
import { DESIGN_LIMITS } from '@qrqr/shared/qr-design-constants';
import { downloadQuery } from '@qrqr/shared/qrcode-schemas';

/** What the dialog edits; numbers stay strings while typed so an empty box is not a zero. */
export interface DownloadOptions {
  type: ImageFormat;
  cellSize: number | string;
  margin: number | string;
  dpi: number | string;
}

export const DEFAULT_DOWNLOAD_OPTIONS: DownloadOptions = {
  type: IMAGE_FORMATS.png,
  cellSize: IMAGE_OPTIONS.defaultCellSize,
  margin: IMAGE_OPTIONS.defaultMargin,
  dpi: IMAGE_OPTIONS.defaultDpi,
};

export const FORMAT_CHOICES = [
  { value: IMAGE_FORMATS.png, label: 'PNG' },
  { value: IMAGE_FORMATS.jpeg, label: 'JPEG' },
  { value: IMAGE_FORMATS.eps, label: 'EPS' },
  { value: IMAGE_FORMATS.svg, label: 'SVG' },
] as const;

export type OptionErrors = Partial<Record<'op_size' | 'op_margin' | 'op_dpi', string>>;

export interface CheckedOptions {
  /** `/qrcode/download/?…` when every option is in range, else null. */
  href: string | null;
  errors: OptionErrors;
  /**
   * The numbers the preview and the sizing figures use; null while its box holds a value out of
   * range, so nothing shows a figure the download would not have.
   */
  cellSize: number | null;
  margin: number | null;
  dpi: number | null;
}

/**
 * Checks the options with the server's own query schema and builds the plain download link. A
 * designed code needs DESIGN_LIMITS.minCellSize px a cell, as the server says too.
 */
export function checkOptions(id: string, options: DownloadOptions, designed = false): CheckedOptions {
  const query = {
    qr_data_id: id,
    type: options.type,
    op_size: options.cellSize === '' ? Number.NaN : Number(options.cellSize),
    op_dpi: options.dpi === '' ? Number.NaN : Number(options.dpi),
    op_margin: options.margin === '' ? Number.NaN : Number(options.margin),
  };
  const result = downloadQuery.safeParse(query);
  const errors: OptionErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (field === 'op_size' || field === 'op_margin' || field === 'op_dpi') errors[field] = issue.message;
    }
  }
  if (designed && !errors.op_size && query.op_size < DESIGN_LIMITS.minCellSize)
    errors.op_size = 'validation.design_cell_size';
  const ok = result.success && !errors.op_size;
  const search = ok
    ? new URLSearchParams({
        qr_data_id: id,
        type: String(result.data.type),
        op_size: String(result.data.op_size),
        op_dpi: String(result.data.op_dpi),
        op_margin: String(result.data.op_margin),
      })
    : null;
  return {
    href: search ? `${api.qrDownload}?${search.toString()}` : null,
    errors,
    cellSize: errors.op_size ? null : query.op_size,
    margin: errors.op_margin ? null : query.op_margin,
    dpi: errors.op_dpi ? null : query.op_dpi,
  };
}
