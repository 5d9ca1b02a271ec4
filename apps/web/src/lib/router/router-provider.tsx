import { startTransition, useLayoutEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { BrowserRouter } from './browser-router';
import { RouterContext } from './context';
import { RouteTree } from './route-tree';
import type { StaticRouter } from './static-router';

export function createBrowserRouter(routes: BrowserRouter['routes']): BrowserRouter {
  return new BrowserRouter(routes);
}

/**
 * The app under its router in the browser. A navigation renders as a transition (the screen
 * left stays until the next one's code has loaded) unless it asks to commit at once.
 */
export function RouterProvider({ router }: { router: BrowserRouter }) {
  const [state, setState] = useState(router.state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribes once per router
  useLayoutEffect(() => {
    const stop = router.subscribe((next, { flushSync: now }) => {
      if (now) flushSync(() => setState(next));
      else startTransition(() => setState(next));
    });
    // A navigation before this effect (a redirect during the first render) is not missed.
    if (router.state !== state) setState(router.state);
    return stop;
  }, [router]);
  const value = useMemo(() => ({ router, ...state }), [router, state]);
  return (
    <RouterContext.Provider value={value}>
      <RouteTree routes={router.routes} />
    </RouterContext.Provider>
  );
}

/** The same tree rendered on the server at one location. */
export function StaticRouterProvider({ router }: { router: StaticRouter }) {
  const value = useMemo(() => ({ router, ...router.state }), [router]);
  return (
    <RouterContext.Provider value={value}>
      <RouteTree routes={router.routes} />
    </RouterContext.Provider>
  );
}
