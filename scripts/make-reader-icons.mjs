#!/usr/bin/env node
/**
 * Draws the reader's app icons (apps/web/public/reader-icon-*.png) from one SVG with sharp.
 * Run by hand when the design changes (`node scripts/make-reader-icons.mjs`); the PNGs are committed.
 * The maskable icon keeps its mark inside the central 80 % that every launcher shape shows.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public');

/** The favicon's mark: three finder squares and a few modules, white on blue. */
function mark(size, inset, rounded) {
  const s = (size - 2 * inset) / 32;
  const r = (x, y, w, h, fill, rx = 0) =>
    `<rect x="${inset + x * s}" y="${inset + y * s}" width="${w * s}" height="${h * s}" rx="${rx * s}" fill="${fill}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <rect width="${size}" height="${size}" rx="${rounded ? size * 0.19 : 0}" fill="#1c4fa8"/>
  ${r(6, 6, 8, 8, '#fff', 1)}${r(18, 6, 8, 8, '#fff', 1)}${r(6, 18, 8, 8, '#fff', 1)}
  ${r(8.5, 8.5, 3, 3, '#1c4fa8')}${r(20.5, 8.5, 3, 3, '#1c4fa8')}${r(8.5, 20.5, 3, 3, '#1c4fa8')}
  ${r(18, 18, 3, 3, '#fff')}${r(23, 18, 3, 3, '#fff')}${r(18, 23, 3, 3, '#fff')}${r(23, 23, 3, 3, '#fff')}
</svg>`;
}

const icons = [
  { file: 'reader-icon-192.png', size: 192, inset: 0, rounded: true },
  { file: 'reader-icon-512.png', size: 512, inset: 0, rounded: true },
  { file: 'reader-icon-maskable-512.png', size: 512, inset: 512 * 0.12, rounded: false },
];
for (const icon of icons) {
  await sharp(Buffer.from(mark(icon.size, icon.inset, icon.rounded)))
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, icon.file));
  console.log(`wrote ${icon.file}`);
}
