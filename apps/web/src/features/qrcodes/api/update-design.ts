import { api } from '@qrqr/shared/paths';
import type { QrDesignBody } from '@qrqr/shared/qr-design-schemas';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { qrcodesKey } from './get-qrcodes';

/** POST /qrcode/design/: the design every download of the code draws (null: plain again). */
export async function updateDesign(body: QrDesignBody): Promise<QrCodeDto> {
  const answer = await apiPost<{ qrcode: QrCodeDto }>(api.qrDesign, body);
  return answer.qrcode;
}

export function useUpdateDesign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDesign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrcodesKey }),
  });
}
