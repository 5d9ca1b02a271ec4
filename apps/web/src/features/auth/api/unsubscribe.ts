import { api } from '@qrqr/shared/paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';
import { sessionQueryKey } from '../../../lib/session';
import { userInfoQueryKey } from './get-user-info';

/** Deletes the account and all its data and signs out; E-105 when the password is wrong. */
export function unsubscribe(body: { password: string }): Promise<unknown> {
  return apiPost(api.unsubscribe, body);
}

export function useUnsubscribe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribe,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: userInfoQueryKey });
      // Not awaited: the screen moves to the completion page first, so the sign-in guard of the
      // unsubscribe screen never sees the user turn into a guest.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
