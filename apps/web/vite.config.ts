import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chunkGroups } from './chunk-groups';
import { phraseBreaks } from './phrase-breaks';
import { screenModules } from './screen-modules';

const root = fileURLToPath(new URL('.', import.meta.url));
// The API server (apps/server) listens here during development.
const apiTarget = 'http://127.0.0.1:3000';

export default defineConfig({
  // Pinned so the config works whichever directory npm runs us from; scripts/build-web.mjs picks outDir.
  root,
  plugins: [react(), screenModules(root), phraseBreaks()],
  // zod without its eval (src/lib/zod-without-eval.ts); that module itself imports zod/v4.
  resolve: { alias: [{ find: /^zod$/, replacement: `${root}src/lib/zod-without-eval.ts` }] },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: { groups: chunkGroups },
        // Groups take only their own modules (chunk-groups.ts), so chunks can import each other both
        // ways; this keeps modules running in import order across them.
        strictExecutionOrder: true,
      },
    },
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/auth/qrqrid/signout': apiTarget,
      '/dev': apiTarget,
    },
  },
});
