import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { phraseBreaks } from './phrase-breaks';
import { screenModules } from './screen-modules';

/**
 * The server's first paint of guest screens (src/prerender.tsx), built for Node by
 * scripts/build-web.mjs into the build's ssr/ folder after the browser files: every library
 * bundled in, so the server needs nothing from apps/web's node_modules; screens stay in chunks of
 * their own, imported only when a screen is rendered.
 */
const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  // The texts marked as the browser's build has them (phrase-breaks.ts): the painted page matches
  // Firefox's and WebKit's first render, and Chromium drops the marks before taking it over.
  plugins: [react(), screenModules(root), phraseBreaks()],
  ssr: { noExternal: true },
  // React's production build whatever NODE_ENV the server runs with (`npm start` leaves it unset),
  // as in the browser's build: the development one cost the server 40 % more CPU on the same screens.
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    ssr: 'src/prerender.tsx',
    copyPublicDir: false,
    minify: false,
    rolldownOptions: { output: { entryFileNames: 'prerender.js' } },
  },
});
