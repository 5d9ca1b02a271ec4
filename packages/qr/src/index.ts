/** Browser-safe entry: encoder, SVG and EPS. The web app's live preview renders with this. */

export { hasCtaFont, loadCtaFont } from './cta-text';
export { encodeFor, encodeQr, QrCapacityError, type QrMatrix } from './encode';
export { renderEps } from './eps';
export { type Layout, type LogoImage, layoutImage, type RenderOptions } from './layout';
export { renderSvg } from './svg';
