/**
 * The bulk calls of the QR manager (no /api prefix, as its other calls): codes from a CSV
 * (preview, then create) and a selection as a ZIP, a PDF sheet or the list CSV. A map of their
 * own, apart from paths.ts, which every first visit loads: only the bulk screens need these.
 */
export const bulkApi = {
  preview: '/qrcode/bulk/preview/',
  create: '/qrcode/bulk/create/',
  zip: '/qrcode/bulk/zip/',
  pdf: '/qrcode/bulk/pdf/',
  csv: '/qrcode/bulk/csv/',
} as const;
