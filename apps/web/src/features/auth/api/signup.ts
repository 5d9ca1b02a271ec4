import type { SignupBody } from '@qrqr/shared/auth-schemas';
import { api } from '@qrqr/shared/paths';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** Always succeeds for a valid address: the answer never reveals whether it is registered. */
export function signup(body: SignupBody): Promise<unknown> {
  return apiPost(api.signup, body);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
