import { api } from '@qrqr/shared/paths';
import { apiPost } from '../../../lib/api-client';

/** The PNG (data URL) of a code being typed: 1 QR code, 2 JAN barcode. */
export async function previewCode(text: string, codeType: 1 | 2): Promise<string> {
  const answer = await apiPost<{ qr_image: string }>(api.couponCodePreview, {
    qr_text: text,
    code_type: codeType,
  });
  return answer.qr_image;
}
