import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { phraseBreaks } from './phrase-breaks';

/**
 * The reader (/reader and /c/{code}): its own build into the same folder as the main app, so it
 * shares none of the main app's chunks (React, Mantine, the translator). Preact renders it.
 * scripts/build-web.mjs runs it after the main build.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const require = createRequire(import.meta.url);

// The decoder's wasm must match the glue code barcode-detector imports, so it is resolved from
// barcode-detector's own dependency, not from whichever zxing-wasm the workspace hoisted.
const fromDetector = createRequire(require.resolve('barcode-detector'));
const zxingWasm = fromDetector.resolve('zxing-wasm/reader/zxing_reader.wasm');

/**
 * zxing-wasm's default locateFile names a CDN; we always pass our own, and this removes the CDN
 * address from the bundle so no code path can reach it. The build fails if the pattern moves.
 */
function noCdn(): Plugin {
  const CDN_URL = /`https:\/\/fastly\.jsdelivr\.net\/npm\/zxing-wasm@[^`]*`/g;
  let replaced = 0;
  return {
    name: 'qrqr-reader-no-cdn',
    transform(code, id) {
      // barcode-detector bundles zxing-wasm's loader into its own file.
      if (!id.includes('node_modules') || !code.includes('jsdelivr')) return null;
      const next = code.replace(CDN_URL, '(t + e)');
      if (next.includes('jsdelivr')) this.error(`a CDN address is left in ${id}: update noCdn()`);
      replaced++;
      return { code: next, map: null };
    },
    buildEnd() {
      if (!replaced) this.error('the decoder no longer has the expected CDN default: update noCdn()');
    },
  };
}

export default defineConfig({
  root,
  // The main build already copied public/ (service worker, manifest, icons).
  publicDir: false,
  plugins: [noCdn(), phraseBreaks()],
  resolve: {
    alias: [{ find: /^reader-zxing-wasm\?url$/, replacement: `${zxingWasm}?url` }],
  },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    // The wasm stays a file of its own (never inlined as base64).
    assetsInlineLimit: 0,
    rolldownOptions: { input: path.join(root, 'reader.html') },
  },
});
