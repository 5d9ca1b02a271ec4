import { paths } from '@qrqr/shared/paths';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from '../lib/router';
import { signinUrl } from '../lib/safe-next';
import { sessionQueryKey } from '../lib/session';
import { onUnauthorized } from '../lib/unauthorized';

/** Sends the user to sign-in whenever a call answers E-401, then back to where they were. */
export function UnauthorizedRedirect() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const here = location.pathname + location.search;

  useEffect(
    () =>
      onUnauthorized(() => {
        if (location.pathname === paths.signin) return;
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        navigate(signinUrl(paths.signin, here), { replace: true });
      }),
    [navigate, queryClient, here, location.pathname],
  );
  return null;
}
