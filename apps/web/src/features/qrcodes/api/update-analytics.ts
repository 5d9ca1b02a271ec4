import { api } from '@qrqr/shared/paths';
import type { AnalysisType } from '@qrqr/shared/qr-constants';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { qrcodesKey } from './get-qrcodes';

export interface AnalyticsUpdateInput {
  id: string;
  analytics: boolean;
  analytics_type: AnalysisType;
}

/** Counting on or off (POST /qrcode/analyticsUpdate/); E-203/E-204 when a new print would be needed. */
export async function updateAnalytics(body: AnalyticsUpdateInput): Promise<QrCodeDto> {
  const answer = await apiPost<{ qrcode: QrCodeDto }>(api.qrAnalyticsUpdate, body);
  return answer.qrcode;
}

/** `invalidates`: other cached views of the code (the read log) to refresh. */
export function useUpdateAnalytics(invalidates: readonly unknown[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAnalytics,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: qrcodesKey }),
        invalidates.length ? queryClient.invalidateQueries({ queryKey: invalidates }) : null,
      ]);
    },
  });
}
