import type { QrMatrix } from './encode';
import { layoutFrame } from './frame';

export interface RenderOptions {
  /** Pixels per cell (1–50). */
  cellSize: number;
  /** Quiet-zone cells around the code (0–20). */
  margin: number;
  /** Wi-Fi profile codes: draw the labelled frame with this SSID */
  frame?: { ssid: string };
}

/** Path operations in cell units, y down; SVG and PostScript both draw them (C = cubic Bézier). */
export type PathOp =
  | readonly ['M' | 'L', number, number]
  | readonly ['C', number, number, number, number, number, number]
  | readonly ['Z'];

export type Colour = 'dark' | 'light';

export type Shape =
  | { kind: 'fill'; ops: PathOp[]; colour: Colour; evenOdd?: boolean }
  | { kind: 'stroke'; ops: PathOp[]; colour: Colour; width: number };

/**
 * What every format draws, in cell units: a white background of width × height, the decoration
 * shapes in order, then the modules with their top-left corner at (codeX, codeY). Sizes and the code
 * origin are whole cells so modules land on whole pixels.
 */
export interface Layout {
  width: number;
  height: number;
  codeX: number;
  codeY: number;
  shapes: Shape[];
  /** Human-readable name of the image (SVG <title>, EPS %%Title). */
  title: string;
}

export function layoutImage(matrix: QrMatrix, opts: RenderOptions): Layout {
  if (opts.frame) return layoutFrame(matrix, opts.margin, opts.frame.ssid);
  const side = matrix.size + 2 * opts.margin;
  return { width: side, height: side, codeX: opts.margin, codeY: opts.margin, shapes: [], title: 'QR code' };
}
