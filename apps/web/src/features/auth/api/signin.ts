import type { SigninBody, UserInfo } from '@qrqr/shared/auth-schemas';
import { api } from '@qrqr/shared/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { userInfoQueryKey } from './get-user-info';

export function signin(body: SigninBody): Promise<{ user: UserInfo }> {
  return apiPost<{ user: UserInfo }>(api.signin, body);
}

export function useSignin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signin,
    onSuccess: async () => {
      // Another account may have been cached in this tab before.
      queryClient.removeQueries({ queryKey: userInfoQueryKey });
      await queryClient.refetchQueries({ queryKey: sessionQueryKey });
    },
  });
}
