import { api } from '@qrqr/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** The coupon's code as a picture while the owner types it (QR 1, JAN 2). */
export function useWifiCodePreview(codeType: number, text: string) {
  const drawn = (codeType === 1 || codeType === 2) && text.trim() !== '';
  return useQuery({
    queryKey: ['wifi', 'code-preview', codeType, text],
    queryFn: async () =>
      (await apiPost<{ qr_image: string }>(api.wifiCodePreview, { qr_text: text, code_type: codeType }))
        .qr_image,
    enabled: drawn,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
