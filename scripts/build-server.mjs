#!/usr/bin/env node
/**
 * Builds the server for `npm start` and the tests that spawn it, only when its inputs changed, into
 * apps/server/builds/<hash>/ (main.js and its worker entries, plain JavaScript) with `current`
 * pointing at the build new servers start on (atomic-builds.mjs).
 *
 * esbuild bundles src/main.ts and the workspace packages (@qrqr/*) into one ES module with source
 * maps (run it with --enable-source-maps: stack traces name the TypeScript); npm packages stay
 * imports, resolved from node_modules as before (native ones cannot be bundled). The worker threads
 * are started from files next to their module (`new URL('./x.cjs', import.meta.url)`): in the build
 * every module is main.js, so each worker file is written next to it, bundled when its source is
 * TypeScript.
 * The operator commands (db:migrate, jobs, news:add, channel:official) still run through tsx.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWhenChanged, filesUnder } from './atomic-builds.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverRoot = path.join(repoRoot, 'apps/server');
const srcDir = path.join(serverRoot, 'src');
// Inside the repository: the bundle's npm imports resolve from its node_modules. SERVER_BUILDS_DIR
// moves it for a test of the build itself (a build elsewhere would not find its packages).
const buildsDir = path.resolve(process.env.SERVER_BUILDS_DIR ?? path.join(serverRoot, 'builds'));
/**
 * Finished builds kept besides the current one, for servers started on them (a worker thread starts
 * from its build's files long after the server did): the newest two, and any made current within
 * the hour, as tests spawn servers while the sources change.
 */
const KEEP_PREVIOUS = 2;
const KEEP_RECENT_MS = 60 * 60 * 1000;
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
  'scripts/atomic-builds.mjs',
];

/**
 * The worker threads' entry files, by their name next to the module that starts them: TypeScript
 * bundled as CommonJS (a .cjs name is CommonJS to Node whatever its content), plain JavaScript
 * copied as it is. The build fails on a `new URL('./…', import.meta.url)` not listed here.
 */
const WORKERS = {
  'read-writer-worker.cjs': { bundle: 'modules/qrcodes/read-writer-worker.ts' },
  'pdf-sheet-worker.cjs': { bundle: 'modules/qrbulk/pdf-sheet-worker.ts' },
  'long-read-worker.cjs': { copy: 'db/long-read-worker.cjs' },
  'member-paint-worker.mjs': { copy: 'platform/page/member-paint-worker.mjs' },
};

/** Every file the server's sources start from their own folder; each must be one of WORKERS. */
function checkWorkerFiles() {
  for (const file of filesUnder(repoRoot, 'apps/server/src').filter((f) => /\.(ts|mjs|cjs)$/.test(f))) {
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

await buildWhenChanged({
  label: 'server',
  repoRoot,
  buildsDir,
  inputs: INPUTS,
  skip: new Set(['node_modules']),
  marker: MAIN,
  keepPrevious: KEEP_PREVIOUS,
  keepRecentMs: KEEP_RECENT_MS,
  buildInto: async (outDir) => {
    checkWorkerFiles();
    await buildInto(outDir);
  },
});
