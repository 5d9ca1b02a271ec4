import type { FieldError } from '@qrqr/shared/error-codes';
import { bulkApi } from '@qrqr/shared/qr-bulk-paths';
import type { BulkListCsvBody, BulkPdfBody, BulkZipBody } from '@qrqr/shared/qr-bulk-schemas';
import { ApiError } from '../../../lib/api-client';
import { getCsrfToken } from '../../../lib/csrf';

/** An export of the selected codes, saved under the name the server gives. */
export type BulkExport =
  | { kind: 'zip'; body: SentBody<BulkZipBody> }
  | { kind: 'pdf'; body: SentBody<BulkPdfBody> }
  | { kind: 'csv'; body: BulkListCsvBody };

// The bodies as sent: every option but the ids may be left to the server's default.
type SentBody<T extends { ids: string[] }> = Pick<T, 'ids'> & Partial<Omit<T, 'ids'>>;

const PATHS = { zip: bulkApi.zip, pdf: bulkApi.pdf, csv: bulkApi.csv } as const;

export function downloadExport(request: BulkExport): Promise<void> {
  return apiDownload(PATHS[request.kind], request.body);
}

/**
 * A POST whose answer is a file (a ZIP, a PDF, a CSV): saved under the name of its
 * Content-Disposition. A refusal comes back as our JSON envelope and throws like any call.
 */
async function apiDownload(path: string, body: object): Promise<void> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-XSRF-TOKEN': getCsrfToken(),
      },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError('500', '', 0);
  }
  if (!response.ok || response.headers.get('content-type')?.includes('application/json'))
    return failedDownload(response);
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOf(response.headers.get('content-disposition')) ?? 'download';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file; the address can go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

async function failedDownload(response: Response): Promise<never> {
  const body = (await response.json().catch(() => null)) as {
    status?: { code?: string; message?: string };
    errors?: FieldError[];
  } | null;
  if (body?.status?.code)
    throw new ApiError(body.status.code, body.status.message ?? '', response.status, body.errors ?? []);
  throw new ApiError(String(response.status), response.statusText, response.status);
}

/** The file name of `attachment; filename="…"` (the UTF-8 form first when given). */
function fileNameOf(disposition: string | null): string | undefined {
  if (!disposition) return undefined;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) return decodeURIComponent(utf8[1]);
  return /filename="([^"]+)"/i.exec(disposition)?.[1];
}
