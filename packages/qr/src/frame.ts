import type { QrMatrix } from './encode';
import { arcOps, roundedRectOps } from './geometry';
import { STROKE_PER_CAP, textOps, textWidth } from './glyphs';
import type { Shape } from './layout';
import type { Decoration } from './styled-layout';

/** Readers need some quiet zone even when the operator asked for none: the frame is dark. */
const MIN_QUIET = 2;

/** Header: a Wi-Fi fan and the word "Wi-Fi", white on the dark band, centred as one group. */
function header(width: number, bandHeight: number): Shape[] {
  const cap = 0.4 * bandHeight;
  const r = 1.05 * cap;
  const iconStroke = 0.17 * r;
  const iconWidth = 2 * r * Math.SQRT1_2 + iconStroke;
  const gap = 0.6 * cap;
  const left = (width - (iconWidth + gap + textWidth('Wi-Fi', cap))) / 2;
  const top = (bandHeight - cap) / 2;
  // The fan's centre sits on the text's baseline, so dot and letters stand on one line.
  const cx = left + iconWidth / 2;
  const cy = top + cap;
  const arcs = [0.4, 0.7, 1].flatMap((f) => arcOps(cx, cy, f * r, 135, 45, true));
  return [
    {
      kind: 'stroke',
      ops: textOps('Wi-Fi', left + iconWidth + gap, top, cap),
      colour: 'light',
      width: cap * STROKE_PER_CAP,
    },
    { kind: 'stroke', ops: arcs, colour: 'light', width: iconStroke },
    { kind: 'fill', ops: [...arcOps(cx, cy - 0.02 * r, 0.13 * r, 0, 360, true), ['Z']], colour: 'light' },
  ];
}

/**
 * Footer lines: "SSID: name" on one line when it fits, else "SSID:" above the name, which shrinks
 * until it fits the width of the code (SSIDs are at most 32 characters).
 */
function footerLines(ssid: string, cap: number, room: number): { text: string; cap: number }[] {
  const one = `SSID: ${ssid}`;
  if (textWidth(one, cap) <= room) return [{ text: one, cap }];
  return [
    { text: 'SSID:', cap },
    { text: ssid, cap: Math.min(cap, room / textWidth(ssid, 1)) },
  ];
}

/**
 * A Wi-Fi code in a rounded dark frame: header band with the Wi-Fi mark, the code with its quiet
 * zone on white, and "SSID: …" below. Every length follows `s`, the code's size relative to a
 * version-1 code with a 4-cell quiet zone, so the frame looks alike at every version and cell size.
 */
export function layoutFrame(matrix: QrMatrix, margin: number, ssid: string): Decoration {
  const s = (matrix.size + 8) / 29;
  const quiet = Math.max(margin, MIN_QUIET);
  const code = matrix.size + 2 * quiet;
  const side = Math.max(1, Math.round(s));
  const ring = 0.6 * side;
  const band = Math.max(4, Math.round(6 * s));
  const width = code + 2 * side;
  const radius = 2.5 * s;

  const cap = band / 3;
  const room = width - 2 * side - s;
  const lines = footerLines(ssid, cap, room);
  const shapes: Shape[] = [];
  // A little air above the label: strokes reach past the cap line, and the quiet zone must stay white.
  let y = band + code + 0.25 * cap;
  lines.forEach((line, i) => {
    if (i > 0) y += 0.5 * cap;
    const left = (width - textWidth(line.text, line.cap)) / 2;
    shapes.push({
      kind: 'stroke',
      ops: textOps(line.text, left, y, line.cap),
      colour: 'dark',
      width: line.cap * STROKE_PER_CAP,
    });
    y += line.cap * 1.35;
  });
  const height = Math.ceil(y + 0.8 * s + ring);

  const outer = roundedRectOps(0, 0, width, height, radius);
  // The white area meets the header band with square corners, so no dark corner reaches the quiet zone.
  const inner = roundedRectOps(
    ring,
    band,
    width - 2 * ring,
    height - band - ring,
    Math.max(radius - ring, 0.5),
    0,
  );
  return {
    width,
    height,
    codeX: side + quiet,
    codeY: band + quiet,
    shapes: [
      { kind: 'fill', ops: [...outer, ...inner], colour: 'dark', evenOdd: true },
      ...header(width, band),
      ...shapes,
    ],
    title: `Wi-Fi SSID: ${ssid}`,
  };
}
