import { bulkApi } from '@qrqr/shared/qr-bulk-paths';
import type { BulkCreateAnswer, BulkPreviewAnswer } from '@qrqr/shared/qr-bulk-schemas';
import type { AnalysisType } from '@qrqr/shared/qr-constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend } from '../../../lib/api-client';
import { getCsrfToken } from '../../../lib/csrf';
import { qrcodesKey } from './get-qrcodes';

/** The file's bytes as they are: the server detects UTF-8 or Shift_JIS, never the browser. */
function sendCsv<T>(path: string, file: File, analysis: AnalysisType): Promise<T> {
  return apiSend<T>(`${path}?analysis_type=${analysis}`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'text/csv',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': getCsrfToken(),
    },
    body: file,
  });
}

export function previewCsv(input: { file: File; analysis: AnalysisType }): Promise<BulkPreviewAnswer> {
  return sendCsv(bulkApi.preview, input.file, input.analysis);
}

export function useCreateFromCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { file: File; analysis: AnalysisType }) =>
      sendCsv<BulkCreateAnswer>(bulkApi.create, input.file, input.analysis),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrcodesKey }),
  });
}
