import type { PageParams } from '@qrqr/shared/page-params';
import { api } from '@qrqr/shared/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export async function registerService(): Promise<void> {
  await apiPost(api.channelServiceRegister, { terms_accepted: true });
}

/** Joins the channel service; the session's flag flips at once, so the channel area opens. */
export function useRegisterService() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerService,
    onSuccess: () => {
      queryClient.setQueryData<PageParams>(sessionQueryKey, (params) =>
        params ? { ...params, isUserRegisteredChannelService: true } : params,
      );
      return queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
