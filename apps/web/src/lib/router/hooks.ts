import { useCallback, useContext, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { Blocker, BlockerFunction } from './browser-router';
import { RouteContext, RouteErrorContext, useRouterContext } from './context';
import type { Location, NavigateOptions, To } from './location';

export function useLocation(): Location {
  return useRouterContext().location;
}

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

/** Navigation from code: a path, `?query` on this path, or a step back or forward. */
export function useNavigate(): NavigateFunction {
  const { router } = useRouterContext();
  return useCallback<NavigateFunction>((to, options) => router.navigate(to, options), [router]);
}

type SearchInit = URLSearchParams | string | Record<string, string> | [string, string][];

/** The query as URLSearchParams, and a setter that navigates to this path with another query. */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [navigate, params],
  );
  return [params, set];
}

export function useParams(): Record<string, string | undefined> {
  return useContext(RouteContext).matches.at(-1)?.params ?? {};
}

/** Every matched route, the outermost layout first and the screen last, each with its `handle`. */
export function useMatches(): { pathname: string; params: Record<string, string>; handle: unknown }[] {
  const { matches } = useContext(RouteContext);
  return useMemo(
    () => matches.map((m) => ({ pathname: m.pathname, params: m.params, handle: m.route.handle })),
    [matches],
  );
}

export function useRouteError(): unknown {
  return useContext(RouteErrorContext);
}

const NO_BLOCKER: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined, location: undefined };

/**
 * Holds navigations `shouldBlock` says yes to (links, code, back and forward) until the answer:
 * `proceed` goes on, `reset` stays.
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const { router } = useRouterContext();
  const latest = useRef(shouldBlock);
  latest.current = shouldBlock;
  useEffect(() => {
    if (router.isStatic) return;
    router.setBlocker((args) => latest.current(args));
    return () => router.setBlocker(undefined);
  }, [router]);
  return useSyncExternalStore(
    router.isStatic ? noSubscription : router.subscribeBlocker,
    () => (router.isStatic ? NO_BLOCKER : router.blocker),
    () => NO_BLOCKER,
  );
}

const noSubscription = () => () => {};
