import { useLayoutEffect } from 'react';
import { useRouterContext } from './context';

/**
 * Back and forward (and a reload) land where the visitor was on that entry; a new page starts at
 * its top, or at the element its #hash names.
 */
export function ScrollRestoration() {
  const { router, location, action } = useRouterContext();
  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);
  useLayoutEffect(() => {
    if (router.isStatic) return;
    const saved = action === 'POP' ? router.scroll.get(location.key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [router, location, action]);
  return null;
}
