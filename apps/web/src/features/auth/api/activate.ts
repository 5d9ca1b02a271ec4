import type { ActivateBody } from '@qrqr/shared/auth-schemas';
import { api } from '@qrqr/shared/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';

/** `next`: the screen the server says to open first (the read log of an accepted invitation). */
export interface ActivateResult {
  next?: string;
}

export function activate(body: ActivateBody): Promise<ActivateResult> {
  return apiPost<ActivateResult>(api.activate, body);
}

/** Activation signs the new user in, so the session is fetched again. */
export function useActivate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
  });
}
