import { api } from '@qrqr/shared';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

const activationCheckPath = api.activateCheck;

export interface LinkParams {
  user_id: string;
  confirmation_code: string;
}

/** Whether an activation link from the mail is still good (E-102 otherwise); returns its address. */
export function checkActivation(link: LinkParams): Promise<{ email: string }> {
  return apiGet<{ email: string }>(activationCheckPath, { ...link });
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
