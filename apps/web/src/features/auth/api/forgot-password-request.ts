import type { ForgotPasswordRequestBody } from '@qrqr/shared/auth-schemas';
import { api } from '@qrqr/shared/paths';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** Always succeeds for a valid address, so nobody can probe which addresses have accounts. */
export function requestPasswordReset(body: ForgotPasswordRequestBody): Promise<unknown> {
  return apiPost(api.forgotRequest, body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
