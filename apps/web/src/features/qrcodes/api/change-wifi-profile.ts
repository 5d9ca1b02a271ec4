import { api } from '@qrqr/shared/paths';
import type { ChangeWifiProfileBody, QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { qrcodesKey } from './get-qrcodes';

/** New network settings for a Wi-Fi code (POST /qrcode/changeWifiProfile/). */
export async function changeWifiProfile(body: ChangeWifiProfileBody): Promise<QrCodeDto> {
  const answer = await apiPost<{ qrcode: QrCodeDto }>(api.qrChangeWifiProfile, body);
  return answer.qrcode;
}

/** `invalidates`: other cached views of the code (the read log) to refresh. */
export function useChangeWifiProfile(invalidates: readonly unknown[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeWifiProfile,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: qrcodesKey }),
        invalidates.length ? queryClient.invalidateQueries({ queryKey: invalidates }) : null,
      ]);
    },
  });
}
