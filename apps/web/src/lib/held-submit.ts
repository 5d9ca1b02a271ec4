import { HELD_SUBMIT } from '@qrqr/shared/held-submits';
import { useCallback } from 'react';

type HeldWindow = Window & { [HELD_SUBMIT.held]?: HTMLFormElement };
type ReadyForm = HTMLFormElement & { [HELD_SUBMIT.ready]?: boolean };

/**
 * Props for a form the server may paint before the scripts run (a guest's top page, sign-in): a
 * submission made before the app took the form over was held by the page's script
 * (@qrqr/shared held-submits.ts), and is made again as soon as the form is the app's, so that
 * tap shows the form's errors or sends it instead of reloading the page.
 */
export function useHeldSubmit() {
  const ref = useCallback((form: HTMLFormElement | null) => {
    if (!form) return;
    (form as ReadyForm)[HELD_SUBMIT.ready] = true;
    const page = window as HeldWindow;
    if (page[HELD_SUBMIT.held] !== form) return;
    page[HELD_SUBMIT.held] = undefined;
    // After this commit, once React's handlers answer for the form.
    setTimeout(() => form.requestSubmit());
  }, []);
  return { ref, [HELD_SUBMIT.attribute]: '' };
}
