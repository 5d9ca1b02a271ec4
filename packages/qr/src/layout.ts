import type { ModuleShape, QrDesign } from '@qrqr/shared/qr-design-constants';
import type { QrMatrix } from './encode';
import { layoutFrame } from './frame';
import { layoutStyled } from './styled-layout';

/** A logo's pixels for PNG, JPEG and EPS (`rgba`) and its address for SVG (`href`, a data: URL). */
export interface LogoImage {
  width: number;
  height: number;
  rgba?: Uint8Array;
  href?: string;
}

export interface RenderOptions {
  /** Pixels per cell (1–50). */
  cellSize: number;
  /** Quiet-zone cells around the code (0–20). */
  margin: number;
  /** Wi-Fi profile codes: draw the labelled frame with this SSID */
  frame?: { ssid: string };
  /** Colours, shapes, logo and call to action (issue 31); absent or plain draws the plain code. */
  design?: QrDesign | null;
  /** The logo `design.logo` names; without it the logo's area stays empty. */
  logoImage?: LogoImage;
}

/** Path operations in cell units, y down; SVG and PostScript both draw them (C = cubic Bézier). */
export type PathOp =
  | readonly ['M' | 'L', number, number]
  | readonly ['C', number, number, number, number, number, number]
  | readonly ['Z'];

/** Ink of the modules and frame, the paper under them, and the finder patterns' ink. */
export type Colour = 'dark' | 'light' | 'eye';
export type Palette = Record<Colour, string>;

export type Shape =
  | { kind: 'fill'; ops: PathOp[]; colour: Colour; evenOdd?: boolean }
  | { kind: 'stroke'; ops: PathOp[]; colour: Colour; width: number };

export const PLAIN_PALETTE: Palette = { dark: '#000', light: '#fff', eye: '#000' };

/**
 * What every format draws, in cell units: a background of width × height in `light`, the
 * decoration shapes in order, then `modules` in `moduleShape` with their top-left corner at
 * (codeX, codeY), then the logo in its box. Sizes and the code origin are whole cells so modules
 * land on whole pixels.
 */
export interface Layout {
  width: number;
  height: number;
  codeX: number;
  codeY: number;
  shapes: Shape[];
  /** Human-readable name of the image (SVG <title>, EPS %%Title). */
  title: string;
  palette: Palette;
  /** The modules to draw: a designed code leaves out its finder patterns (shapes) and logo area. */
  modules: QrMatrix;
  moduleShape: ModuleShape;
  /** The square (cells, image coordinates) a logo is fitted into, its clear zone around it. */
  logoBox?: { x: number; y: number; side: number };
  /** Drawn unless every colour is black or white and there is no logo (then grey suffices). */
  coloured: boolean;
}

export function layoutImage(matrix: QrMatrix, opts: RenderOptions): Layout {
  if (opts.design) return layoutStyled(matrix, opts, opts.design);
  const plain = { palette: PLAIN_PALETTE, modules: matrix, moduleShape: 'square', coloured: false } as const;
  if (opts.frame) return { ...layoutFrame(matrix, opts.margin, opts.frame.ssid), ...plain };
  const side = matrix.size + 2 * opts.margin;
  return {
    width: side,
    height: side,
    codeX: opts.margin,
    codeY: opts.margin,
    shapes: [],
    title: 'QR code',
    ...plain,
  };
}

/** Where an image of w × h goes inside a square box, aspect kept, centred. */
export function fitLogo(box: { x: number; y: number; side: number }, w: number, h: number) {
  const k = box.side / Math.max(w, h);
  return { x: box.x + (box.side - w * k) / 2, y: box.y + (box.side - h * k) / 2, w: w * k, h: h * k };
}
