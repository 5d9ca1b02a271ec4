/**
 * Entry for PDF output (the server's sheet thread): a code drawn as a PDF content stream, with
 * the calls to action's outlines at hand from the start, as node.ts has them, but without the
 * raster formats' sharp and zlib.
 */
import * as ctaFont from './cta-glyphs';
import { provideCtaFont } from './cta-text';

provideCtaFont(ctaFont);

export { encodeFor } from './encode';
export { type PdfDrawing, pdfDrawing } from './pdf-content';
