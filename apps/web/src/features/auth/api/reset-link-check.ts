import { api } from '@qrqr/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import type { LinkParams } from './activation-check';

const resetCheckPath = api.forgotCheck;

/** Whether a password-reset link is still good; E-103 otherwise. */
export function checkResetLink(link: LinkParams): Promise<unknown> {
  return apiGet(resetCheckPath, { ...link });
}

export function useResetLinkCheck(link: LinkParams | null) {
  return useQuery({
    queryKey: ['reset-link-check', link?.user_id, link?.confirmation_code],
    queryFn: () => checkResetLink(link as LinkParams),
    enabled: link !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
