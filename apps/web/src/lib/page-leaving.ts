/** Set once the page is being left: the browser then cancels the modules still loading. */
let leaving = false;
globalThis.addEventListener?.('beforeunload', () => {
  leaving = true;
});

/**
 * True while the page goes: a module the browser cancelled then (Firefox does, on a link followed
 * while a screen or its texts load) is no failure to show or report.
 */
export function pageLeaving(): boolean {
  return leaving;
}
