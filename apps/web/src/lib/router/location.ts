/** Where the app is: an address plus what a navigation carried along (`state`) and a per-entry key. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** One per history entry: scroll positions are kept by it. */
  key: string;
}

export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Commit at once instead of as a transition (the screen left is gone when navigate returns). */
  flushSync?: boolean;
}

/** How the app got to its location: the browser's back or forward (or a load), a link, a replace. */
export type Action = 'POP' | 'PUSH' | 'REPLACE';

/** The address `to` points at from `from`: absolute paths as they are, `?query` on the same path. */
export function resolveTo(
  to: To,
  from: Pick<Location, 'pathname' | 'search'>,
): Omit<Location, 'state' | 'key'> {
  if (typeof to !== 'string')
    return { pathname: to.pathname ?? from.pathname, search: to.search ?? '', hash: to.hash ?? '' };
  const url = new URL(to, `http://app${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export function hrefOf(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return location.pathname + location.search + location.hash;
}

/** A link to another site (or scheme), which the browser follows itself. */
export function isExternal(to: To): to is string {
  return typeof to === 'string' && /^([a-z][a-z\d+.-]*:|\/\/)/i.test(to);
}

export function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}
