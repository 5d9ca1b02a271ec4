import { wifiPath } from '@qrqr/shared/paths';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';

/** A picture of a page through the upload path (sniffed, re-encoded within 1024 px on the server). */
export function useUploadWifiImage(channelId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return apiUpload<{ image_id: number; image_url: string }>(wifiPath.imageUpload(channelId), form);
    },
  });
}
