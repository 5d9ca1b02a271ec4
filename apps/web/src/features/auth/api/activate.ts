import { type ActivateBody, api } from '@qrqr/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

export function activate(body: ActivateBody): Promise<unknown> {
  return apiPost(api.activate, body);
}

/** Activation signs the new user in, so the session is fetched again. */
export function useActivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
