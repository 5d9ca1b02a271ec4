import { api } from '@qrqr/shared/paths';
import type { QrCodeDto, TitleUpdateBody } from '@qrqr/shared/qrcode-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { qrcodesKey } from './get-qrcodes';

export async function updateTitle(body: TitleUpdateBody): Promise<QrCodeDto> {
  const answer = await apiPost<{ qrcode: QrCodeDto }>(api.qrTitleUpdate, body);
  return answer.qrcode;
}

export function useUpdateTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTitle,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrcodesKey }),
  });
}
