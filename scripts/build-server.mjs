#!/usr/bin/env node
/**
 * Builds the server for `npm start` and the tests that spawn it, only when its inputs changed:
 *
 *   apps/server/builds/<hash of the inputs>/   main.js and its worker entries, plain JavaScript
 *   apps/server/builds/current -> <hash>       the build new servers start on
 *
 * esbuild bundles src/main.ts and the workspace packages (@qrqr/*) into one ES module with source
 * maps (run it with --enable-source-maps: stack traces name the TypeScript); npm packages stay
 * imports, resolved from node_modules as before (native ones cannot be bundled). The worker threads
 * are started from files next to their module (`new URL('./x.cjs', import.meta.url)`): in the build
 * every module is main.js, so each worker file is written next to it, bundled when its source is
 * TypeScript. Written into a temporary folder, renamed into place when complete, `current` swapped
 * by renaming a new symlink over it, as scripts/build-web.mjs does: a server resolves its build
 * once at start and the previous builds are kept, so a new build never pulls one from under it.
 * The operator commands (db:migrate, jobs, news:add, channel:official) still run through tsx.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverRoot = path.join(repoRoot, 'apps/server');
const srcDir = path.join(serverRoot, 'src');
// Inside the repository: the bundle's npm imports resolve from its node_modules. SERVER_BUILDS_DIR
// moves it for a test of the build itself (a build elsewhere would not find its packages).
const buildsDir = path.resolve(process.env.SERVER_BUILDS_DIR ?? path.join(serverRoot, 'builds'));
const current = path.join(buildsDir, 'current');
/**
 * Finished builds kept besides the current one, for servers started on them (a worker thread starts
 * from its build's files long after the server did): the newest two, and any made current within
 * the hour, as tests spawn servers while the sources change.
 */
const KEEP_PREVIOUS = 2;
const KEEP_RECENT_MS = 60 * 60 * 1000;
/** A temporary folder this old belongs to a build that died. */
const STALE_TEMP_MS = 60 * 60 * 1000;
/** The file a finished build holds; a folder without it is not a build. */
const MAIN = 'main.js';

// Everything the bundle is made from (esbuild reads the tsconfig files too); a change to any of
// these makes a new build.
const INPUTS = [
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/shared/tsconfig.json',
  'packages/qr/src',
  'packages/qr/package.json',
  'packages/qr/tsconfig.json',
  'package.json',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/build-server.mjs',
];

/**
 * The worker threads' entry files, by their name next to the module that starts them: TypeScript
 * bundled as CommonJS (a .cjs name is CommonJS to Node whatever its content), plain JavaScript
 * copied as it is. The build fails on a `new URL('./…', import.meta.url)` not listed here.
 */
const WORKERS = {
  'read-writer-worker.cjs': { bundle: 'modules/qrcodes/read-writer-worker.ts' },
  'long-read-worker.cjs': { copy: 'db/long-read-worker.cjs' },
  'member-paint-worker.mjs': { copy: 'platform/page/member-paint-worker.mjs' },
};

function inputFiles(rel) {
  const abs = path.join(repoRoot, rel);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [rel];
  return fs
    .readdirSync(abs, { withFileTypes: true })
    .filter((e) => e.name !== 'node_modules')
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

/** Every file the server's sources start from their own folder; each must be one of WORKERS. */
function checkWorkerFiles() {
  for (const file of inputFiles('apps/server/src').filter((f) => /\.(ts|mjs|cjs)$/.test(f))) {
    const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
    for (const [, name] of text.matchAll(/new URL\(\s*['"]\.\/([^'"]+)['"],\s*import\.meta\.url\s*\)/g)) {
      if (!(name in WORKERS))
        throw new Error(`${file} starts ./${name}: add it to WORKERS in scripts/build-server.mjs`);
    }
  }
}

/** npm packages stay imports (node_modules resolves them at run time); the workspace's are bundled. */
const npmPackagesExternal = {
  name: 'npm-packages-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@qrqr/') ? undefined : { path: args.path, external: true },
    );
  },
};

async function buildInto(outDir) {
  const esbuild = await import('esbuild');
  fs.mkdirSync(outDir, { recursive: true });
  const common = {
    bundle: true,
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    // Stack traces need the mappings, not the sources: the TypeScript files stay where they are.
    sourcesContent: false,
    // Classes and functions keep their names (logs, errors, plugin names), as under tsx.
    keepNames: true,
    logLevel: 'warning',
    plugins: [npmPackagesExternal],
    absWorkingDir: repoRoot,
  };
  await Promise.all([
    esbuild.build({
      ...common,
      entryPoints: [path.join(srcDir, 'main.ts')],
      outfile: path.join(outDir, MAIN),
      format: 'esm',
    }),
    ...Object.entries(WORKERS).map(([name, worker]) =>
      worker.copy
        ? fs.promises.copyFile(path.join(srcDir, worker.copy), path.join(outDir, name))
        : esbuild.build({
            ...common,
            entryPoints: [path.join(srcDir, worker.bundle)],
            outfile: path.join(outDir, name),
            format: 'cjs',
            // CommonJS has no import.meta: a module of the thread that asks for its own URL gets the file's.
            define: { 'import.meta.url': '__import_meta_url' },
            banner: { js: "const __import_meta_url = require('node:url').pathToFileURL(__filename).href;" },
          }),
    ),
  ]);
  // main.js is an ES module wherever the folder is.
  fs.writeFileSync(path.join(outDir, 'package.json'), '{ "type": "module" }\n');
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
  for (const old of builds.slice(KEEP_PREVIOUS).filter((b) => Date.now() - b.mtime > KEEP_RECENT_MS)) {
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
  let hash = inputsHash();
  if (currentTarget() === hash && fs.existsSync(path.join(buildsDir, hash, MAIN))) {
    console.log(`server up to date (${path.relative(repoRoot, path.join(buildsDir, hash))})`);
    return;
  }
  checkWorkerFiles();
  // A source edited while it was bundled would leave a build that is not what its name says.
  for (let attempt = 1; !fs.existsSync(path.join(buildsDir, hash, MAIN)); attempt++) {
    const finished = path.join(buildsDir, hash);
    const temp = path.join(buildsDir, `.tmp-${hash}-${process.pid}-${randomBytes(4).toString('hex')}`);
    console.log(`building the server into ${path.relative(repoRoot, finished)}`);
    try {
      await buildInto(temp);
      const after = inputsHash();
      if (after !== hash && attempt < 3) {
        fs.rmSync(temp, { recursive: true, force: true });
        hash = after;
        continue;
      }
      fs.renameSync(temp, finished);
    } catch (error) {
      // Another build finished the same inputs first: theirs is as good as ours.
      const sameBuildDone = fs.existsSync(path.join(finished, MAIN));
      fs.rmSync(temp, { recursive: true, force: true });
      if (!sameBuildDone) throw error;
    }
  }
  pointCurrentAt(hash);
  prune(hash);
  console.log(`server built (${path.relative(repoRoot, current)} -> ${hash})`);
}

await main();
