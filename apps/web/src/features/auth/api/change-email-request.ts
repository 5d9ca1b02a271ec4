import type { ChangeEmailRequestBody } from '@qrqr/shared/auth-schemas';
import { api } from '@qrqr/shared/paths';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** Sends a confirmation link to the new address; E-107 (taken) and E-108 (same) belong to the field. */
export function requestEmailChange(body: ChangeEmailRequestBody): Promise<unknown> {
  return apiPost(api.changeEmailRequest, body);
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
