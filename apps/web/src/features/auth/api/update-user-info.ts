import type { UserInfo, UserInfoBody } from '@qrqr/shared/auth-schemas';
import { api } from '@qrqr/shared/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { userInfoQueryKey } from './get-user-info';

export async function updateUserInfo(body: UserInfoBody): Promise<UserInfo> {
  const answer = await apiPost<{ user: UserInfo }>(api.userInfo, body);
  return answer.user;
}

export function useUpdateUserInfo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserInfo,
    onSuccess: (user) => {
      queryClient.setQueryData(userInfoQueryKey, user);
      // The header shows the user name from the session.
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
