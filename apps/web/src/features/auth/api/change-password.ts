import type { ChangePasswordBody } from '@qrqr/shared/auth-schemas';
import { api } from '@qrqr/shared/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/** E-105 when the current password is wrong. */
export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return apiPost(api.changePassword, body);
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // The server may rotate the session and its CSRF token with the new password.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
