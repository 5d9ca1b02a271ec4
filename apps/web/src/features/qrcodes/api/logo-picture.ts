import { api } from '@qrqr/shared/paths';
import type { LogoPictureAnswer } from '@qrqr/shared/qr-design-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';

/** POST /api/qrcode/logo: a picture of the member's own for a logo, channel or not. */
export function useUploadLogoPicture() {
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return (await apiUpload<LogoPictureAnswer>(api.qrLogoPicture, form)).picture;
    },
  });
}
