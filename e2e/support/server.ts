import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The compiled server (scripts/build-server.mjs); node resolves the symlink once, at start. */
const SERVER_MAIN = 'apps/server/builds/current/main.js';

export interface RunningServer {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Serve the built web app (the browser tests); false for API-only runs (benchmarks, processes). */
  webBuild?: boolean;
  /** Receives the server's output (its log) instead of this process's stdout and stderr. */
  onOutput?: (text: string) => void;
}

let serverBuilt: Promise<void> | undefined;

/**
 * Builds the server once per test process (`node scripts/build-server.mjs`, ~0.1 s when its sources
 * did not change), so a spawned server is never older than the sources the test was written against.
 */
function buildServerOnce(): Promise<void> {
  serverBuilt ??= new Promise((resolve, reject) => {
    execFile(process.execPath, ['scripts/build-server.mjs'], { cwd: repoRoot }, (error, stdout, stderr) => {
      if (!error) resolve();
      else reject(new Error(`\`node scripts/build-server.mjs\` failed:\n${stdout}${stderr}`));
    });
  });
  return serverBuilt;
}

/**
 * Starts the real service, compiled (apps/server/builds/current/main.js, built here when its
 * sources changed), in a process of its own on a free port, with a fresh SQLite file and mail kept
 * in the outbox unless `env` says otherwise. The one spawner the browser tests, the benchmarks and
 * the API suite's multi-process test share.
 */
export async function startServer(
  env: Record<string, string> = {},
  { webBuild = true, onOutput }: StartOptions = {},
): Promise<RunningServer> {
  if (webBuild && !fs.existsSync(path.join(repoRoot, 'apps/web/builds/current/index.html'))) {
    throw new Error('apps/web/builds/current is missing: run `npm run build --workspace apps/web` first');
  }
  await buildServerOnce();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-server-'));
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      ...(webBuild ? {} : { WEB_DIST: path.join(dataDir, 'no-web-build') }),
      ...env,
    },
    stdio: ['ignore', onOutput ? 'pipe' : 'inherit', onOutput ? 'pipe' : 'inherit'],
  });
  if (onOutput) {
    child.stdout?.setEncoding('utf8').on('data', onOutput);
    child.stderr?.setEncoding('utf8').on('data', onOutput);
  }
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid as number, stop };
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become healthy within 60 s');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
