/** `#rgb` or `#rrggbb` as 0–255 channels. */
export function rgbOf(hex: string): [number, number, number] {
  const h = hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (c) => c + c) : hex;
  const n = Number.parseInt(h.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * Naive RGB → CMYK (no ICC profile): black becomes 0 0 0 1 and greys pure K, so a print shop's
 * plate for black carries the modules alone and nothing registers out of line.
 */
export function cmykOf(hex: string): [number, number, number, number] {
  const [r, g, b] = rgbOf(hex).map((v) => v / 255) as [number, number, number];
  const k = 1 - Math.max(r, g, b);
  if (k >= 1) return [0, 0, 0, 1];
  return [(1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k];
}
