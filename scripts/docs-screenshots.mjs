#!/usr/bin/env node
/**
 * Copies the README's pictures, which the browser tests take into e2e/artifacts/readme/
 * (e2e/support/browser.ts `readmeShot`), to docs/screenshots/. Run after the browser tests
 * (`npm test`, or the five flows that take them); refuses if a picture the README shows is missing,
 * so a renamed or dropped shot is noticed rather than leaving an old picture in place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const from = path.join(root, 'e2e/artifacts/readme');
const to = path.join(root, 'docs/screenshots');
const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const shown = [...readme.matchAll(/docs\/screenshots\/([\w-]+\.png)/g)].map((m) => m[1]);

const missing = shown.filter((name) => !fs.existsSync(path.join(from, name)));
if (missing.length > 0) {
  console.error(`not taken by the browser tests (e2e/artifacts/readme/): ${missing.join(', ')}`);
  process.exit(1);
}
fs.mkdirSync(to, { recursive: true });
for (const name of new Set(shown)) {
  fs.copyFileSync(path.join(from, name), path.join(to, name));
  console.log(`docs/screenshots/${name} ${Math.round(fs.statSync(path.join(to, name)).size / 1024)} KB`);
}
