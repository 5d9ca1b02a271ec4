import { api } from '@qrqr/shared/paths';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client';

/** POST /auth/qrqrid/signout (no /api prefix) with an empty JSON body. */
export function signout(): Promise<unknown> {
  return apiPost(api.signout, {});
}

/**
 * Sign-out returns to the top page. A full page load rather than client navigation, so
 * every cache, the page parameters and the rotated CSRF token start fresh.
 */
export function useSignout() {
  return useMutation({
    mutationFn: signout,
    onSuccess: () => {
      window.location.assign('/');
    },
  });
}
