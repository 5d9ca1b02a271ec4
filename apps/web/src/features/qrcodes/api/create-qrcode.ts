import { api } from '@qrqr/shared/paths';
import type { CreateQrBody, QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { qrcodesKey } from './get-qrcodes';

export async function createQrcode(body: CreateQrBody): Promise<QrCodeDto> {
  const answer = await apiPost<{ qrcode: QrCodeDto }>(api.qrCreate, body);
  return answer.qrcode;
}

/** Guests and members alike; the new code joins the history list. */
export function useCreateQrcode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createQrcode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrcodesKey }),
  });
}
