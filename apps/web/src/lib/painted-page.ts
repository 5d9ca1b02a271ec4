/**
 * A screen the server painted (prerender.tsx) is taken over by the app in one of two ways: hydrated
 * where it is, or, painted in the other layout than the browser's (hidden by global.css), rendered
 * anew beside it out of sight and shown in its place once ready. A member's screen also arrives
 * inert and `aria-disabled` (apps/server/src/platform/page.ts): shown, but not tappable, focusable
 * or typed into, since React drops events on HTML it has not hydrated yet. Once the routed screen
 * is the app's (router.tsx `TakenOver`), the page is released as soon as every control in it is
 * React's; a part still hydrating keeps it inert a few frames longer.
 */

/** Released anyway after this long: a part that never hydrates must not leave the page dead. */
const MAX_WAIT_MS = 10_000;
const CONTROLS = 'a[href],button,input,select,textarea,[role="button"],[tabindex]';

const handled = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

let swap: (() => void) | undefined;

/**
 * A hidden element inside `app` for the app to render into, beside the painted screen; it takes
 * the painted screen's place when the routed screen is the app's, or after `MAX_WAIT_MS` (a path
 * without a screen: not found, an error page).
 */
export function renderBeside(app: HTMLElement): HTMLElement {
  const fresh = document.createElement('div');
  fresh.hidden = true;
  app.append(fresh);
  swap = () => {
    swap = undefined;
    for (const child of [...app.childNodes]) if (child !== fresh) child.remove();
    fresh.hidden = false;
    release(app);
  };
  setTimeout(() => swap?.(), MAX_WAIT_MS);
  return fresh;
}

/**
 * The page is the app's: shown in any layout from now on (global.css hides a painted screen in
 * the other layout), and tappable (`aria-disabled` also tells automation to wait, as it does for
 * a disabled control).
 */
function release(app: HTMLElement): void {
  app.removeAttribute('data-layout');
  app.removeAttribute('inert');
  app.removeAttribute('aria-disabled');
}

export function releasePaintedPage(): void {
  swap?.();
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
