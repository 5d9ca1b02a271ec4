import { api } from '@qrqr/shared/paths';
import type { ShareInputBody, ShareMessageDto } from '@qrqr/shared/sharing-schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

/** The sharing calls (/qrcode/share/*); the invitee's side is features/invitations. */

/** Lists of codes (the shared tab, share=exist) live under this key in the QR list feature. */
const qrcodesKey = ['qrcodes'] as const;
const shareKey = (qrId: string) => ['share', qrId] as const;

export function shareMessageOptions(qrId: string) {
  return queryOptions({
    queryKey: shareKey(qrId),
    queryFn: () => apiGet<ShareMessageDto>(`${api.shareMessage}${encodeURIComponent(qrId)}`),
  });
}

export function useShareMessage(qrId: string) {
  return useQuery(shareMessageOptions(qrId));
}

export function useShareInput(qrId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Omit<ShareInputBody, 'id'>) =>
      apiPost<{ invited: number }>(api.shareInput, { id: qrId, ...body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: shareKey(qrId) });
      await queryClient.invalidateQueries({ queryKey: qrcodesKey });
    },
  });
}

/** Release is a GET; it changes data, so it carries the CSRF headers like a POST. */
export function useReleaseShare(qrId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uid: string) => apiGet(api.shareDelete, { qrid: qrId, uid }, { csrf: true }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: shareKey(qrId) });
      await queryClient.invalidateQueries({ queryKey: qrcodesKey });
    },
  });
}
