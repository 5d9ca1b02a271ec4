import { api } from '@qrqr/shared/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiGet, isApiError } from '../../../lib/api-client';
import { qrcodesKey } from './get-qrcodes';

/** Delete is a GET; it changes data, so it carries the CSRF headers like a POST. */
export function deleteQrcode(input: string | DeleteQrcodeInput): Promise<unknown> {
  const { id, wifiPage } = typeof input === 'string' ? { id: input, wifiPage: undefined } : input;
  return apiGet(
    api.qrDelete,
    { id, qr_wifi_service_id: wifiPage?.id, welcome_page_status: wifiPage?.status },
    { csrf: true },
  );
}

/** A code and, once the member confirmed the warning, the Wi-Fi welcome page that greets with it. */
export interface DeleteQrcodeInput {
  id: string;
  wifiPage?: WifiPageInUse;
}

/** The page of the E-409 warning: its id and status (reserved 1, published 2), as the server sent them. */
export interface WifiPageInUse {
  id: string;
  status: string;
}

/** The page named by /qrcode/delete/'s E-409 (field qr_wifi_service_id), or null for any other failure. */
export function wifiPageInUse(error: unknown): WifiPageInUse | null {
  if (!isApiError(error) || error.code !== 'E-409') return null;
  const field = error.fieldErrors.find((f) => f.field === 'qr_wifi_service_id');
  const [id, status] = field?.values ?? [];
  return id ? { id, status: status ?? '' } : null;
}

export function useDeleteQrcode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQrcode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrcodesKey }),
  });
}
