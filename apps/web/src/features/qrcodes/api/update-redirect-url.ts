import { api } from '@qrqr/shared/paths';
import type { QrCodeDto, RedirectUrlUpdateBody } from '@qrqr/shared/qrcode-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { qrcodesKey } from './get-qrcodes';

/** Only URL codes with redirect analysis may change their target (E-201 otherwise). */
export async function updateRedirectUrl(body: RedirectUrlUpdateBody): Promise<QrCodeDto> {
  const answer = await apiPost<{ qrcode: QrCodeDto }>(api.qrRedirectUrlUpdate, body);
  return answer.qrcode;
}

export function useUpdateRedirectUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRedirectUrl,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrcodesKey }),
  });
}
