import type { ReactNode } from 'react';
import { matchPath } from './match-path';

/** A route: a path (none for a layout or an error boundary around its children), what it shows. */
export interface RouteObject {
  path?: string;
  element?: ReactNode;
  /** Shown instead of this route's part when it throws while rendering. */
  errorElement?: ReactNode;
  children?: RouteObject[];
  /** Anything a layout wants to read from the screen matched under it (useMatches). */
  handle?: unknown;
}

export interface RouteMatch {
  route: RouteObject;
  pathname: string;
  params: Record<string, string>;
}

/**
 * The chain of routes from the outermost layout to the screen for `pathname`: a screen whose path
 * matches wins over a catch-all `*` wherever each stands in the tree.
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] {
  let fallback: RouteMatch[] = [];
  const search = (list: RouteObject[], above: RouteObject[]): RouteMatch[] | undefined => {
    for (const route of list) {
      const chain = [...above, route];
      if (route.children) {
        const found = search(route.children, chain);
        if (found) return found;
      } else if (route.path !== undefined) {
        const match = matchPath(route.path, pathname);
        if (!match) continue;
        const matches = chain.map((r) => ({ route: r, pathname, params: match.params }));
        if (route.path.endsWith('*')) {
          if (fallback.length === 0) fallback = matches;
        } else return matches;
      }
    }
    return undefined;
  };
  return search(routes, []) ?? fallback;
}
