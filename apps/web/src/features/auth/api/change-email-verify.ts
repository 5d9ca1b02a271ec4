import { api, type ChangeEmailVerifyBody, type UserInfo } from '@qrqr/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { userInfoQueryKey } from './get-user-info';

interface VerifyAnswer {
  email?: string;
  new_email?: string;
  user?: UserInfo;
}

/** Confirms the change; answers with the new address (under any of the names we accept). */
export async function verifyEmailChange(body: ChangeEmailVerifyBody): Promise<{ email: string }> {
  const answer = await apiPost<VerifyAnswer>(api.changeEmailVerify, body);
  return { email: answer.email ?? answer.new_email ?? answer.user?.email ?? '' };
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
