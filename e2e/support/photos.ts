/**
 * Whether the flows photograph their screens for a person to look at (e2e/artifacts/). Off with
 * E2E_PHOTOS=off, which `.ci/run` sets: its clone is thrown away with every picture in it, and the
 * pictures were a tenth of the browser suite's CPU (the browser encoding full-page PNGs). The waits
 * and the scroll to the top that come before a photo happen either way, so a flow runs the same;
 * what a test asserts on a picture (a decoded code, a pixel) is taken whatever this says.
 */
export const photosWanted = process.env.E2E_PHOTOS !== 'off';
