/**
 * A member's screen painted by the server arrives inert (apps/server/src/platform/page.ts): shown,
 * but not tappable, focusable or typed into, since React drops events on HTML it has not hydrated
 * yet. Once the routed screen is the app's (router.tsx), the page is released as soon as every
 * control in it is React's; a part still hydrating keeps it inert a few frames longer.
 */

/** Released anyway after this long: a part that never hydrates must not leave the page dead. */
const MAX_WAIT_MS = 10_000;
const CONTROLS = 'a[href],button,input,select,textarea,[role="button"],[tabindex]';

const handled = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));

export function releasePaintedPage(): void {
  const app = document.getElementById('app');
  if (!app?.hasAttribute('inert')) return;
  const started = performance.now();
  const check = () => {
    const waiting = [...app.querySelectorAll(CONTROLS)].some((control) => !handled(control));
    if (!waiting || performance.now() - started > MAX_WAIT_MS) app.removeAttribute('inert');
    else setTimeout(check, 16);
  };
  check();
}
