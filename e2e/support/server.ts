import { type ChildProcess, execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { onProcessEnd } from './process-end';

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
  options: StartOptions = {},
): Promise<RunningServer> {
  return (await launch(env, options)).server;
}

async function launch(
  env: Record<string, string>,
  { webBuild = true, onOutput }: StartOptions,
): Promise<{ server: RunningServer; dataDir: string }> {
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
  return { server: { url, pid: child.pid as number, stop }, dataDir };
}

/**
 * Per-address limits a minute (config.ts) raised on the shared server: one minute of it may serve
 * the sign-ups and saves of several files, which their own servers each counted apart. No browser
 * test meets a real limit (the refusals they show are answers they fake).
 */
const SHARED_LIMITS = Object.fromEntries(
  [
    'AUTH_RATE_LIMIT',
    'SIGNIN_RATE_LIMIT',
    'SHARE_RATE_LIMIT',
    'QR_CREATE_RATE_LIMIT',
    'WRITE_RATE_LIMIT',
    'QR_DOWNLOAD_RATE_LIMIT',
    'READER_RATE_LIMIT',
    'CHANNEL_PAGE_RATE_LIMIT',
    'ANALYTICS_CSV_RATE_LIMIT',
    'SENDLIST_COUNT_RATE_LIMIT',
    'FOLLOWER_LIST_RATE_LIMIT',
  ].map((name) => [name, '10000']),
);

let shared: Promise<RunningServer> | undefined;

/**
 * The server this test process shares between its files, started by the first file that asks: a
 * file that needs nothing of the server but its own members and data (each signs up its own, with
 * addresses of its own, and reads the mailbox by address or newest first). A test process runs one
 * file at a time, so files never share it at the same moment. Its `stop()` leaves it running for
 * the next file; it ends with the process. A start cost about 3.5 s of CPU, and the browser suites
 * started some 80. A file that sets the server's environment, reads its log, or measures a calm
 * server starts its own (`startServer`).
 */
export async function sharedServer(): Promise<RunningServer> {
  const running = await shared?.catch(() => undefined);
  if (!running || !isAlive(running.pid)) {
    shared = launch(SHARED_LIMITS, {}).then(({ server, dataDir }) => {
      endWithProcess(server.pid, dataDir);
      return server;
    });
  }
  const server = await (shared as Promise<RunningServer>);
  return { url: server.url, pid: server.pid, stop: async () => {} };
}

/** A server with these settings: the file's own when `env` sets anything, else the shared one. */
export function serverWith(env: Record<string, string>): Promise<RunningServer> {
  return Object.keys(env).length ? startServer(env) : sharedServer();
}

/** Whether the process runs still (signal 0 only asks; a child that ended is reaped at once). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ends the shared server, and deletes its data, when this test process ends. */
function endWithProcess(pid: number, dataDir: string): void {
  onProcessEnd(() => {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
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
