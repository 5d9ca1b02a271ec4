import type { ChangeEmailVerifyBody } from '@qrqr/shared/auth-schemas';
import { api } from '@qrqr/shared/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { userInfoQueryKey } from './get-user-info';

/** Confirms the change; the server answers with the new login address. */
export function verifyEmailChange(body: ChangeEmailVerifyBody): Promise<{ email: string }> {
  return apiPost<{ email: string }>(api.changeEmailVerify, body);
}

export function useVerifyEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmailChange,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
      ]),
  });
}
