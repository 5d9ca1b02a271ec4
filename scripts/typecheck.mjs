#!/usr/bin/env node
// `npm run typecheck`: every workspace's type check (`node scripts/typecheck.mjs DIR…`: those
// folders only), as many at once as the machine has cores, the largest first. Each is TypeScript 7's
// native compiler (`typescript-native`), `--noEmit` on the folder's tsconfig.json: the five took
// 16 s (29 s of CPU) at rest, against 49 s in CI with TypeScript 5.9's compiler in JavaScript, which
// stays the `typescript` package for the scripts that parse with its API (check-seams.mjs,
// phrase-breaks.ts). Each folder's output is printed whole when it ends; the exit code is 1 if any
// failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
// The root package.json names workspaces as folders or as `folder/*`.
const dirs = workspaces.flatMap((entry) =>
  entry.endsWith('/*')
    ? fs.readdirSync(path.join(root, entry.slice(0, -2))).map((name) => `${entry.slice(0, -2)}/${name}`)
    : [entry],
);
const asked = process.argv.slice(2).map((dir) => path.relative(root, path.resolve(dir)));
const checked =
  asked.length > 0
    ? asked
    : dirs.filter((dir) => {
        const file = path.join(root, dir, 'package.json');
        return fs.existsSync(file) && Boolean(JSON.parse(fs.readFileSync(file, 'utf8')).scripts?.typecheck);
      });
// The package's `bin/tsc` starts the compiler for this platform (its own optional package).
const tsc = path.join(path.dirname(require.resolve('typescript-native/package.json')), 'bin', 'tsc');
// The slowest first, so the short ones fill in beside them.
const LARGEST = ['apps/server', 'apps/web', 'e2e'];
const rank = (dir) => (LARGEST.includes(dir) ? LARGEST.indexOf(dir) : LARGEST.length);
const queue = checked.sort((a, b) => rank(a) - rank(b));

function check(dir) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', '.'], { cwd: path.join(root, dir) });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${dir} (${seconds} s)\n${output}`);
      resolve(code === 0);
    });
  });
}

let failed = false;
async function worker() {
  for (let dir = queue.shift(); dir; dir = queue.shift()) if (!(await check(dir))) failed = true;
}
const lanes = Math.max(1, Math.min(os.availableParallelism(), queue.length));
await Promise.all(Array.from({ length: lanes }, worker));
process.exit(failed ? 1 : 0);
