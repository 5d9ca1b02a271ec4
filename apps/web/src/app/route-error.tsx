import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { SystemErrorPage } from '../features/errors/system-error-page';
import { screenTakenOver } from '../lib/held-submit';

/** Render errors inside a screen, and screen chunks that fail or time out (lazyWithTimeout). */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('[qrqr] screen failed', error);
    // The error page is the screen now: its buttons answer at once.
    screenTakenOver();
  }, [error]);
  return <SystemErrorPage />;
}
