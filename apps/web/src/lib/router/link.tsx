import { type AnchorHTMLAttributes, type MouseEvent, type Ref, useEffect } from 'react';
import { useRouterContext } from './context';
import { hrefOf, isExternal, type NavigateOptions, resolveTo, type To } from './location';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link the app follows itself (a plain click on the same tab); a new tab, a modified click and
 * another site are left to the browser. A link to where the app already is replaces the entry.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { router, location } = useRouterContext();
  const external = isExternal(to);
  const href = external ? to : hrefOf(resolveTo(to, location));
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (external || event.defaultPrevented || event.button !== 0) return;
    if ((target && target !== '_self') || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    router.navigate(href, { replace: replace ?? href === hrefOf(location), state });
  };
  return <a {...rest} href={href} target={target} onClick={follow} />;
}

/** Sends the visitor elsewhere as soon as it renders (on the server: noted, see StaticRouter). */
export function Navigate({ to, ...options }: { to: To } & NavigateOptions) {
  const { router } = useRouterContext();
  if (router.isStatic) router.navigate(to, options);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, where it renders
  useEffect(() => {
    router.navigate(to, options);
  }, []);
  return null;
}
