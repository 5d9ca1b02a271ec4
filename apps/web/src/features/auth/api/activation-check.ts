import { api } from '@qrqr/shared/paths';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

const activationCheckPath = api.activateCheck;

export interface LinkParams {
  user_id: string;
  confirmation_code: string;
}

/**
 * What an activation link from the mail leads to: `pending` with the address it registers, or
 * `active` when the account was already activated with it (`signed_in`: in this browser).
 * A wrong link answers E-102.
 */
export type ActivationCheck = { state: 'pending'; email: string } | { state: 'active'; signed_in: boolean };

export function checkActivation(link: LinkParams): Promise<ActivationCheck> {
  return apiGet<ActivationCheck>(activationCheckPath, { ...link });
}

export function useActivationCheck(link: LinkParams | null) {
  return useQuery({
    queryKey: ['activation-check', link?.user_id, link?.confirmation_code],
    queryFn: () => checkActivation(link as LinkParams),
    enabled: link !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
