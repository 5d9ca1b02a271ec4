import { useEffect } from 'react';
import { SystemErrorPage } from '../features/errors/system-error-page';
import { useRouteError } from '../lib/router';

/** Render errors inside a screen, and screen chunks that fail or time out (lazyWithTimeout). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('[qrqr] screen failed', error);
  }, [error]);
  return <SystemErrorPage />;
}
