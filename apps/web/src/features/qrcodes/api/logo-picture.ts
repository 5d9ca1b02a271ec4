import { api } from '@qrqr/shared/paths';
import type { LogoPictureAnswer } from '@qrqr/shared/qr-design-schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUpload, isApiError } from '../../../lib/api-client';
import { logoPicturesKey } from './logo-pictures';

/** POST /api/qrcode/logo: a picture of the member's own for a logo, channel or not. */
export function useUploadLogoPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return (await apiUpload<LogoPictureAnswer>(api.qrLogoPicture, form)).picture;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logoPicturesKey }),
  });
}

/** The upload was refused because the member keeps as many pictures as allowed (E-409). */
export const atPictureLimit = (error: unknown) => isApiError(error) && error.code === 'E-409';
