import type { ForgotPasswordVerifyBody } from '@qrqr/shared/auth-schemas';
import { api } from '@qrqr/shared/paths';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export function resetPassword(body: ForgotPasswordVerifyBody): Promise<unknown> {
  return apiPost(api.forgotVerify, body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
