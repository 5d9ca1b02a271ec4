import { channelPath } from '@qrqr/shared/channel-paths';
import type { MessageImageAnswer } from '@qrqr/shared/message-schemas';
import { useMutation } from '@tanstack/react-query';
import { apiUpload } from '../../../lib/api-client';

/** A message picture through the upload path (sniffed, re-encoded within 1024 px on the server). */
export function useUploadMessageImage(channelId: number) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return apiUpload<MessageImageAnswer>(channelPath.messageImage(channelId), form);
    },
  });
}
