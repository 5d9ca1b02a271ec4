/**
 * A screen the server painted (prerender.tsx) is taken over by the app: hydrated where it is, or,
 * painted in the other layout than the browser's (global.css hides it), dropped and rendered anew.
 * A member's screen also arrives inert and `aria-disabled` (apps/server/src/platform/page/page.ts):
 * shown, but not tappable, focusable or typed into, since React drops events on HTML it has not
 * hydrated yet. Once the routed screen is the app's (router.tsx `TakenOver`), the page is released
 * as soon as every control in it is React's; a part still hydrating keeps it inert a few frames
 * longer.
 */

/** Released anyway after this long: a part that never hydrates must not leave the page dead. */
const MAX_WAIT_MS = 10_000;
const CONTROLS = 'a[href],button,input,select,textarea,[role="button"],[tabindex]';

const handled = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

/**
 * The page is the app's: shown in any layout from now on, and tappable (`aria-disabled` also tells
 * automation to wait, as it does for a disabled control).
 */
function release(app: HTMLElement): void {
  app.removeAttribute('data-layout');
  app.removeAttribute('inert');
  app.removeAttribute('aria-disabled');
}

/** Painted in the other layout: nothing of it is kept, so nothing of it can be found or tapped. */
export function dropPaintedPage(app: HTMLElement): HTMLElement {
  app.replaceChildren();
  release(app);
  return app;
}

/** Set once a routed screen has committed (router.tsx `TakenOver`). */
let screenCommitted = false;

/**
 * For a page that never reaches a routed screen (an error page): released after `ms` unless a
 * screen committed first. It does not release on React's marks alone: React marks the elements of
 * a part as it renders it, before the commit that runs the part's effects (an editor's guards),
 * and a tap in between would find the page working and its guards not yet set.
 */
export function releaseIfNoScreen(ms: number): void {
  setTimeout(() => {
    const app = document.getElementById('app');
    if (!screenCommitted && app) release(app);
  }, ms);
}

export function releasePaintedPage(): void {
  screenCommitted = true;
  const app = document.getElementById('app');
  if (!app) return;
  app.removeAttribute('data-layout');
  if (!app.hasAttribute('inert')) return;
  const started = performance.now();
  const check = () => {
    const waiting = [...app.querySelectorAll(CONTROLS)].some((control) => !handled(control));
    if (!waiting || performance.now() - started > MAX_WAIT_MS) release(app);
    else setTimeout(check, 16);
  };
  check();
}
