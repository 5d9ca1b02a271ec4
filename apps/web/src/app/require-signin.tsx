import { paths } from '@qrqr/shared/paths';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '../lib/router';
import { signinUrl } from '../lib/safe-next';
import { useSession } from '../lib/session';

/** Account screens need a signed-in user; guests go to sign-in and come back here afterwards. */
export function RequireSignin({ children }: { children: ReactNode }) {
  const { params } = useSession();
  const location = useLocation();
  if (params.isGuest) {
    return <Navigate to={signinUrl(paths.signin, location.pathname + location.search)} replace />;
  }
  return <>{children}</>;
}
