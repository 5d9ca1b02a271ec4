import { createContext, useContext } from 'react';
import type { BrowserRouter, RouterState } from './browser-router';
import type { RouteMatch } from './routes';
import type { StaticRouter } from './static-router';

export type AnyRouter = BrowserRouter | StaticRouter;

export interface RouterContextValue extends RouterState {
  router: AnyRouter;
}

export const RouterContext = createContext<RouterContextValue | null>(null);

/** The matched chain (all of it, as useMatches answers), and what a part's `<Outlet>` shows. */
export interface RouteContextValue {
  matches: RouteMatch[];
  outlet: React.ReactNode;
}

export const RouteContext = createContext<RouteContextValue>({ matches: [], outlet: null });

/** The error a route's error boundary caught (useRouteError). */
export const RouteErrorContext = createContext<unknown>(undefined);

export function useRouterContext(): RouterContextValue {
  const value = useContext(RouterContext);
  if (!value) throw new Error('router hooks are used outside RouterProvider');
  return value;
}
