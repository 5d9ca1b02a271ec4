/**
 * A form on a screen the server paints before the scripts arrive (the top page's create forms,
 * sign-in) can be submitted before the app has taken it over: the browser would then send it its
 * own way, reloading the page with the fields in its address, and the tap would be lost. The
 * server puts this script inline in such a page (its hash is in the CSP): it holds the submission
 * of a form marked with `HELD_SUBMIT.attribute` until the app marks the form ready, and the app
 * then submits it again (apps/web/src/lib/held-submit.ts).
 */
export const HELD_SUBMIT = {
  /** On the form element, rendered by the app and by the server alike. */
  attribute: 'data-held-until-ready',
  /** A property the app sets on the form element once it handles its submissions. */
  ready: 'qrqrReady',
  /** The window's property naming the form whose submission was held. */
  held: 'qrqrHeldSubmit',
} as const;

export const HELD_SUBMIT_SCRIPT =
  "addEventListener('submit',function(e){var f=e.target;" +
  `if(f.hasAttribute('${HELD_SUBMIT.attribute}')&&!f.${HELD_SUBMIT.ready}){e.preventDefault();window.${HELD_SUBMIT.held}=f}},true)`;
