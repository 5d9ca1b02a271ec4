import type { QrMatrix } from './encode';

/**
 * Horizontal runs of dark modules as flat triples [x, y, length, …]. Every renderer draws runs
 * instead of single modules: a third of the shapes and no seams between neighbours.
 */
export function darkRuns(matrix: QrMatrix): Uint16Array {
  const { size, modules } = matrix;
  // A row of n modules holds at most ceil(n/2) runs.
  const out = new Uint16Array(size * Math.ceil(size / 2) * 3);
  let n = 0;
  for (let y = 0; y < size; y++) {
    const row = y * size;
    let x = 0;
    while (x < size) {
      if (modules[row + x] === 0) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && modules[row + x] === 1) x++;
      out[n++] = start;
      out[n++] = y;
      out[n++] = x - start;
    }
  }
  return out.subarray(0, n);
}
