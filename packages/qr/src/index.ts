/** Browser-safe entry: encoder, SVG and EPS. The web app's live preview renders with this. */
export { encodeQr, QrCapacityError, type QrMatrix } from './encode';
export { renderEps } from './eps';
export type { RenderOptions } from './layout';
export { renderSvg } from './svg';
