#!/usr/bin/env node
/**
 * Builds the web app for `npm start` and the tests, only when its inputs changed, into
 * apps/web/builds/<hash>/ with `current` pointing at the build new servers start on
 * (atomic-builds.mjs: a running server's build is never pulled from under it). Always production
 * mode, whatever NODE_ENV says; assets precompressed. WEB_BUILDS_DIR moves the builds folder (the
 * tests build into a temporary one).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWhenChanged } from './atomic-builds.mjs';
import { precompress } from './precompress.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(repoRoot, 'apps/web');
/** Where the server's first-paint bundle goes inside a build (apps/server/src/platform/page/page.ts). */
const SSR_DIR = 'ssr';

// Everything the bundle is made from; a change to any of these makes a new build.
const INPUTS = [
  'apps/web',
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/qr/src',
  'packages/qr/package.json',
  'package-lock.json',
  'scripts/build-web.mjs',
  'scripts/atomic-builds.mjs',
  'scripts/precompress.mjs',
];
const SKIP = new Set(['node_modules', 'builds', 'dist']);

async function buildInto(outDir) {
  // Vite reads NODE_ENV: with "development" inherited from the shell, React's development bundle
  // would be inlined. Set before Vite loads.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  await build({
    configFile: path.join(webRoot, 'vite.config.ts'),
    configLoader: 'runner',
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  // The reader's light app: its own entry and chunks, next to the main app's.
  await build({
    configFile: path.join(webRoot, 'vite.reader.config.ts'),
    mode: 'production',
    logLevel: 'warn',
    build: { outDir, emptyOutDir: false },
  });
  await precompress(outDir);
  // The server's first paint of guest screens (src/prerender.tsx): one file for Node, in ssr/,
  // which the server reads and never serves. After precompress: nothing of it goes on the wire.
  await build({
    configFile: path.join(webRoot, 'vite.ssr.config.ts'),
    configLoader: 'runner',
    mode: 'production',
    logLevel: 'warn',
    build: { outDir: path.join(outDir, SSR_DIR), emptyOutDir: true },
  });
}

await buildWhenChanged({
  label: 'web app',
  repoRoot,
  buildsDir: path.resolve(process.env.WEB_BUILDS_DIR ?? path.join(webRoot, 'builds')),
  inputs: INPUTS,
  skip: SKIP,
  marker: 'index.html',
  // Finished builds kept besides the current one, for servers started on them.
  keepPrevious: 2,
  buildInto,
});
