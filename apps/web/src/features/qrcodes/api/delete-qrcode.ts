import { api } from '@qrqr/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { qrcodesKey } from './get-qrcodes';

/** §7 makes delete a GET; it changes data, so it carries the CSRF headers like a POST. */
export function deleteQrcode(id: string): Promise<unknown> {
  return apiGet(api.qrDelete, { id }, { csrf: true });
}

export function useDeleteQrcode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQrcode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrcodesKey }),
  });
}
