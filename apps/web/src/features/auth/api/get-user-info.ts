import type { UserInfo } from '@qrqr/shared/auth-schemas';
import { api } from '@qrqr/shared/paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export const userInfoQueryKey = ['userinfo'] as const;

export async function getUserInfo(): Promise<UserInfo> {
  const body = await apiGet<{ user: UserInfo }>(api.userInfo);
  return body.user;
}

export const userInfoQueryOptions = queryOptions({ queryKey: userInfoQueryKey, queryFn: getUserInfo });

export function useUserInfo() {
  return useQuery(userInfoQueryOptions);
}
