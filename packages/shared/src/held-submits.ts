/**
 * A form on a screen the server paints before the scripts arrive (the top page's create forms,
 * sign-in, a member's screens) can be submitted before the app has taken it over: the browser
 * would then send it its own way, reloading the page with the fields in its address. The server
 * puts this script inline in such a page (its hash is in the CSP): a submission that reaches the
 * window with nothing of the app having handled it (every form of the app handles its own, and
 * React listens below the window) is held instead. A form marked with `HELD_SUBMIT.attribute` is
 * then submitted again as soon as it is the app's (apps/web/src/lib/held-submit.ts); any other
 * held tap is dropped, and the screen shows what it would have shown before.
 */
export const HELD_SUBMIT = {
  /** On the form element, rendered by the app and by the server alike. */
  attribute: 'data-held-until-ready',
  /** The window's property naming the form whose submission was held. */
  held: 'qrqrHeldSubmit',
  /** The window's property naming the element whose click was held (see below). */
  heldClick: 'qrqrHeldClick',
  /** The window's property listing fields typed into early and their text: [element, value][]. */
  typed: 'qrqrTyped',
  /** Set on the window by the app once the screen is its own (lib/held-submit.ts). */
  ready: 'qrqrReady',
} as const;

/**
 * Also, until the app says the screen is its own, a click inside the painted screen (not on a
 * link, which works without the app) is held, not lost: React drops a click on a part it has not
 * taken over yet, and the app clicks the element again once it has. Text typed into a field
 * that early is noted with the field, for React sets a field back to what its state says when it
 * takes it over; the app types it in again.
 */
export const HELD_SUBMIT_SCRIPT =
  "addEventListener('input',function(e){var t=e.target;" +
  `if(!window.${HELD_SUBMIT.ready}&&t.closest&&t.closest('#app'))` +
  `(window.${HELD_SUBMIT.typed}=window.${HELD_SUBMIT.typed}||[]).push([t,t.value])},true);` +
  "addEventListener('click',function(e){var t=e.target;" +
  `if(window.${HELD_SUBMIT.ready}||!t.closest||!t.closest('#app')||t.closest('a[href]'))return;` +
  `e.preventDefault();e.stopPropagation();window.${HELD_SUBMIT.heldClick}=t},true);` +
  "addEventListener('submit',function(e){" +
  `if(!e.defaultPrevented){e.preventDefault();window.${HELD_SUBMIT.held}=e.target}})`;
