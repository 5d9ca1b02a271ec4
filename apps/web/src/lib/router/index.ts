/**
 * The app's own router: screens by path under layouts, links and navigation in the browser's
 * history, a guard for unsaved text, scroll restoration, error boundaries per route, and the same
 * tree rendered on the server. Small on purpose: it is in every page's first download.
 */
export type { Blocker, BlockerFunction, BrowserRouter } from './browser-router';
export type { NavigateFunction } from './hooks';
export {
  useBlocker,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from './hooks';
export { Link, type LinkProps, Navigate } from './link';
export type { Location, NavigateOptions, To } from './location';
export { matchPath } from './match-path';
export { Outlet } from './route-tree';
export { createBrowserRouter, RouterProvider, StaticRouterProvider } from './router-provider';
export type { RouteObject } from './routes';
export { ScrollRestoration } from './scroll-restoration';
export { StaticRouter } from './static-router';
