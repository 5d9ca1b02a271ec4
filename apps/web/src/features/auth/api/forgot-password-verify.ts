import { api, type ForgotPasswordVerifyBody } from '@qrqr/shared';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

export function resetPassword(body: ForgotPasswordVerifyBody): Promise<unknown> {
  return apiPost(api.forgotVerify, body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
