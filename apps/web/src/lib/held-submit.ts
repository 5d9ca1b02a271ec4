import { HELD_SUBMIT } from '@qrqr/shared';
import { useCallback } from 'react';

type HeldWindow = Window & {
  [HELD_SUBMIT.held]?: HTMLFormElement;
  [HELD_SUBMIT.heldClick]?: HTMLElement;
  [HELD_SUBMIT.typed]?: Array<[HTMLInputElement | HTMLTextAreaElement, string]>;
  [HELD_SUBMIT.ready]?: boolean;
};

/**
 * The routed screen is the app's (app/router.tsx, once it has mounted): clicks go straight to
 * it from now on; text typed early is typed again where React set it back, then a click the
 * page's script held is made again.
 */
export function screenTakenOver(): void {
  const page = window as HeldWindow;
  if (page[HELD_SUBMIT.ready]) return;
  page[HELD_SUBMIT.ready] = true;
  const typed = new Map(page[HELD_SUBMIT.typed] ?? []);
  page[HELD_SUBMIT.typed] = undefined;
  for (const [field, text] of typed) whenTakenOver(field, () => typeAgain(field, text));
  const held = page[HELD_SUBMIT.heldClick];
  page[HELD_SUBMIT.heldClick] = undefined;
  if (held) whenTakenOver(held, () => held.click());
}

/** How long an element the screen painted may wait for React to take it over. */
const TAKEOVER_WAIT_MS = 3000;

/**
 * Runs `then` once React has taken the element over (it hydrates a screen in parts, and a part
 * it has not reached ignores events): React marks each element it has with a property of its
 * own, `__reactProps$…`; without it (another React), after TAKEOVER_WAIT_MS. Nothing for an
 * element no longer in the page (rendered anew).
 */
function whenTakenOver(element: HTMLElement, then: () => void): void {
  const start = performance.now();
  const check = () => {
    if (!element.isConnected) return;
    const taken = Object.keys(element).some((key) => key.startsWith('__reactProps$'));
    if (taken || performance.now() - start > TAKEOVER_WAIT_MS) then();
    else setTimeout(check, 20);
  };
  setTimeout(check);
}

/**
 * Sets a field's text as typing does, so React's onChange sees it. React took the field over with
 * the typed text still in it and notes it as the field's value: set through the field (React
 * notes that) to something else first, then past React, its change shows.
 */
function typeAgain(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  const proto =
    field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  field.value = text === '' ? ' ' : '';
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Props for a form the server may paint before the scripts run (a guest's top page, sign-in): a
 * submission made before the app took the form over was held by the page's script
 * (@qrqr/shared held-submits.ts), and is made again as soon as the form is the app's, so that
 * tap shows the form's errors or sends it instead of reloading the page.
 */
export function useHeldSubmit() {
  const ref = useCallback((form: HTMLFormElement | null) => {
    if (!form) return;
    const page = window as HeldWindow;
    if (page[HELD_SUBMIT.held] !== form) return;
    page[HELD_SUBMIT.held] = undefined;
    // After this commit, once React's handlers answer for the form.
    setTimeout(() => form.requestSubmit());
  }, []);
  return { ref, [HELD_SUBMIT.attribute]: '' };
}
