#!/usr/bin/env node
// `npm run typecheck`: every workspace's `tsc --noEmit`, as many at once as the machine has cores
// (each tsc is one thread; one after another they took 90 s of a CI run), the largest first.
// Each workspace's output is printed whole when it ends; the exit code is 1 if any failed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { workspaces } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
// The root package.json names workspaces as folders or as `folder/*`.
const dirs = workspaces.flatMap((entry) =>
  entry.endsWith('/*')
    ? fs.readdirSync(path.join(root, entry.slice(0, -2))).map((name) => `${entry.slice(0, -2)}/${name}`)
    : [entry],
);
const checked = dirs.filter((dir) => {
  const file = path.join(root, dir, 'package.json');
  return fs.existsSync(file) && Boolean(JSON.parse(fs.readFileSync(file, 'utf8')).scripts?.typecheck);
});
// The slowest first, so the short ones fill in beside them.
const LARGEST = ['apps/server', 'apps/web', 'e2e'];
const rank = (dir) => (LARGEST.includes(dir) ? LARGEST.indexOf(dir) : LARGEST.length);
const queue = checked.sort((a, b) => rank(a) - rank(b));

function check(dir) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', 'typecheck', '--silent'], { cwd: path.join(root, dir) });
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
