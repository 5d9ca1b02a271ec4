import { api } from '@qrqr/shared/paths';
import type { ShareInvitationDto } from '@qrqr/shared/sharing-schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';

/** The invitation of an invitation mail: its look-up and its acceptance by the signed-in member. */

/** Lists of codes (the shared tab) live under this key in the QR list feature. */
const qrcodesKey = ['qrcodes'] as const;

export type InvitationInfo = ShareInvitationDto & { qr_id: string };

export function useInvitation(code: string) {
  return useQuery({
    queryKey: ['invitation', code],
    queryFn: () => apiGet<InvitationInfo>(api.shareInvitation, { code }),
    enabled: code !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiPost<{ qr_id: string }>(api.shareAccept, { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: qrcodesKey }),
  });
}
