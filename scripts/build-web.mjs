#!/usr/bin/env node
/**
 * Builds the web app for `npm start` and the tests, only when its inputs changed:
 *
 *   apps/web/builds/<hash of the inputs>/   one finished build each (assets precompressed)
 *   apps/web/builds/current -> <hash>       the build new servers start on
 *
 * A build is written into a temporary folder and renamed into place only when complete, and
 * `current` is swapped by renaming a new symlink over it (atomic on POSIX), so a second start
 * never deletes what a running server still serves: the server resolves `current` once at start,
 * and the previous builds are kept. Always production mode, whatever NODE_ENV says.
 * WEB_BUILDS_DIR moves the builds folder (the tests build into a temporary one).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = path.join(repoRoot, 'apps/web');
const buildsDir = path.resolve(process.env.WEB_BUILDS_DIR ?? path.join(webRoot, 'builds'));
const current = path.join(buildsDir, 'current');
/** Finished builds kept besides the current one, for servers started on them. */
const KEEP_PREVIOUS = 2;
/** Where the server's first-paint bundle goes inside a build (apps/server/src/platform/page/page.ts). */
const SSR_DIR = 'ssr';
/** A temporary folder this old belongs to a build that died. */
const STALE_TEMP_MS = 60 * 60 * 1000;

// Everything the bundle is made from; a change to any of these makes a new build.
const INPUTS = [
  'apps/web',
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/qr/src',
  'packages/qr/package.json',
  'package-lock.json',
  'scripts/build-web.mjs',
  'scripts/precompress.mjs',
];
const SKIP = new Set(['node_modules', 'builds', 'dist']);

function inputFiles(rel) {
  const abs = path.join(repoRoot, rel);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .filter((e) => !SKIP.has(e.name))
    .flatMap((e) => inputFiles(path.join(rel, e.name)));
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(inputFiles).sort()) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(repoRoot, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

function currentTarget() {
  try {
    return fs.readlinkSync(current);
  } catch {
    return undefined;
  }
}

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

function pointCurrentAt(name) {
  // Pruning keeps the builds most recently made current.
  const now = new Date();
  fs.utimesSync(path.join(buildsDir, name), now, now);
  const link = path.join(buildsDir, `.current-${process.pid}-${randomBytes(4).toString('hex')}`);
  fs.symlinkSync(name, link);
  fs.renameSync(link, current);
}

/** Keeps the current build and the newest previous ones; removes temporary folders of dead builds. */
function prune(keep) {
  const entries = fs.readdirSync(buildsDir, { withFileTypes: true });
  const builds = entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== keep)
    .map((e) => ({ name: e.name, mtime: fs.statSync(path.join(buildsDir, e.name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime);
  for (const old of builds.slice(KEEP_PREVIOUS)) {
    fs.rmSync(path.join(buildsDir, old.name), { recursive: true, force: true });
  }
  for (const e of entries.filter((e) => e.name.startsWith('.tmp-'))) {
    const file = path.join(buildsDir, e.name);
    if (Date.now() - fs.lstatSync(file).mtimeMs > STALE_TEMP_MS)
      fs.rmSync(file, { recursive: true, force: true });
  }
}

async function main() {
  fs.mkdirSync(buildsDir, { recursive: true });
  const hash = inputsHash();
  const finished = path.join(buildsDir, hash);
  if (currentTarget() === hash && fs.existsSync(path.join(finished, 'index.html'))) {
    console.log(`web app up to date (${path.relative(repoRoot, finished)})`);
    return;
  }
  if (!fs.existsSync(path.join(finished, 'index.html'))) {
    const temp = path.join(buildsDir, `.tmp-${hash}-${process.pid}-${randomBytes(4).toString('hex')}`);
    console.log(`building the web app into ${path.relative(repoRoot, finished)}`);
    try {
      await buildInto(temp);
      fs.renameSync(temp, finished);
    } catch (error) {
      // Another start finished the same build first: theirs is as good as ours.
      const sameBuildDone = fs.existsSync(path.join(finished, 'index.html'));
      fs.rmSync(temp, { recursive: true, force: true });
      if (!sameBuildDone) throw error;
    }
  }
  pointCurrentAt(hash);
  prune(hash);
  console.log(`web app built (${path.relative(repoRoot, current)} -> ${hash})`);
}

await main();
