import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { startServer } from '../../e2e/support/server';

/**
 * GET /r/{code} of the real server (production mode, its own SQLite file) driven by autocannon on
 * loopback at 1, 50 and 200 connections, each beside a bare node:http server answering a fixed 302
 * (the ceiling) at the same connections. Then the same over 12,000 distinct codes, more than the
 * redirect cache holds, so most scans read the database. Finally waits for the read flush and checks
 * that the reads stored equal the 302s autocannon counted.
 */

const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = (process.env.CONNECTIONS ?? '1,50,200').split(',').map(Number);
const DISTINCT = Number(process.env.DISTINCT ?? 12_000);
/** Which parts to run: `one` (one code at each connection count), `distinct` (12,000 codes). */
const PARTS = (process.env.PARTS ?? 'one,distinct').split(',');
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

interface Run {
  label: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  redirects: number;
  other: number;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-bench-redirect-'));
const ceiling = await startCeiling();
const server = await startServer(
  {
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    DATA_DIR: dataDir,
    QR_CREATE_RATE_LIMIT: '100000',
  },
  { webBuild: false },
);
const runs: Run[] = [];
try {
  const code = await createRedirectCode(server.url);
  const codePath = new URL(code.redirect_url).pathname;
  console.log(`server pid ${server.pid}, code ${codePath}, ${SECONDS} s a run, ${os.cpus().length} CPUs`);
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );

  for (const connections of PARTS.includes('one') ? CONNECTIONS : []) {
    runs.push(await drive(`ceiling (node:http 302)`, ceiling.url, connections, () => '/r/fixed'));
    runs.push(await drive(`/r/{code} one code`, server.url, connections, () => codePath));
  }

  // 12,000 more codes of the same guest, written straight into the server's database file (WAL
  // lets the server keep reading), so the run spends its time on scans, not on creating codes.
  if (PARTS.includes('distinct')) {
    const shortCodes = cloneCodes(path.join(dataDir, 'qrqr.sqlite'), code.id, DISTINCT);
    let next = 0;
    const distinctPath = () => `/r/${shortCodes[next++ % shortCodes.length]}`;
    runs.push(await drive('ceiling (node:http 302)', ceiling.url, 50, () => '/r/fixed'));
    runs.push(await drive(`/r/{code} ${DISTINCT} codes`, server.url, 50, distinctPath));
  }

  console.log('');
  console.log('| target | conn | req/s | p50 ms | p99 ms | ratio to ceiling | 302s | other answers |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (let i = 0; i < runs.length; i += 2) {
    const [c, r] = [runs[i] as Run, runs[i + 1] as Run];
    for (const run of [c, r]) {
      const ratio = run === r ? (r.rps / c.rps).toFixed(2) : '1';
      console.log(
        `| ${run.label} | ${run.connections} | ${Math.round(run.rps)} | ${run.p50} | ${run.p99} | ${ratio} | ${run.redirects} | ${run.other} |`,
      );
    }
  }

  const counted = runs.filter((r) => r.label.startsWith('/r/')).reduce((n, r) => n + r.redirects, 0);
  const stored = await waitForStoredReads(path.join(dataDir, 'qrqr.sqlite'), counted);
  console.log('');
  console.log(`302s counted by autocannon: ${counted}; reads stored after the flush: ${stored.reads}`);
  console.log(`  (day rollups: ${stored.rollup}; qr_codes.read_count: ${stored.readCount})`);
  const lost = counted - stored.reads;
  console.log(
    lost <= 0
      ? `zero reads lost${lost < 0 ? ` (${-lost} answered after autocannon stopped counting, still stored)` : ''}`
      : `${lost} READS LOST`,
  );
  if (lost > 0 || stored.rollup !== stored.readCount) process.exitCode = 1;
} finally {
  await server.stop();
  ceiling.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

async function drive(label: string, base: string, connections: number, pathOf: () => string): Promise<Run> {
  const result = await autocannon({
    url: base,
    connections,
    duration: SECONDS,
    headers: { 'user-agent': PHONE_UA },
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: pathOf() }) }],
  });
  const run = {
    label,
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    redirects: result['3xx'],
    other: result['1xx'] + result['2xx'] + result['4xx'] + result['5xx'] + result.errors + result.timeouts,
  };
  console.log(
    `${label.padEnd(28)} ${String(connections).padStart(3)} conn: ${Math.round(run.rps)} req/s, p50 ${run.p50} ms, p99 ${run.p99} ms`,
  );
  return run;
}

/** The ceiling: node:http in a process of its own answering every request with the same 302. */
async function startCeiling(): Promise<{ url: string; stop(): void }> {
  const script = `
    const http = require('node:http');
    const server = http.createServer((req, res) => {
      res.writeHead(302, { location: 'https://example.jp/menu', 'cache-control': 'no-store', 'content-length': 0 });
      res.end();
    });
    server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));`;
  const child: ChildProcess = spawn(process.execPath, ['-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout?.once('data', (d: Buffer) => resolve(Number(String(d).trim())));
    child.once('exit', () => reject(new Error('ceiling server exited')));
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

/** A guest creates one redirect code through the API, as a browser would. */
async function createRedirectCode(base: string): Promise<{ id: string; redirect_url: string }> {
  const session = await fetch(`${base}/api/session`);
  const cookies = session.headers.getSetCookie().map((c) => c.split(';')[0] ?? '');
  const token = cookies.find((c) => c.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';
  const res = await fetch(`${base}/qrcode/create/`, {
    method: 'POST',
    headers: {
      cookie: cookies.join('; '),
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      'x-xsrf-token': token,
    },
    body: JSON.stringify({ tab: 0, analysis_type: 1, title: 'bench', url: 'https://example.jp/menu' }),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`create failed: ${JSON.stringify(body)}`);
  return body.qrcode;
}

/** Copies of one code row with new ids and short codes; returns the short codes. */
function cloneCodes(file: string, fromId: string, n: number): string[] {
  const db = new SQLite(file);
  db.pragma('busy_timeout = 5000');
  const row = db.prepare('select * from qr_codes where id = ?').get(fromId) as Record<string, unknown>;
  const columns = Object.keys(row);
  const insert = db.prepare(
    `insert into qr_codes (${columns.join(',')}) values (${columns.map((c) => `@${c}`).join(',')})`,
  );
  const codes: string[] = [];
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const short = `b${i.toString(36).padStart(7, '0')}`;
      insert.run({
        ...row,
        id: `bench${i.toString(36).padStart(11, '0')}`,
        short_code: short,
        read_count: 0,
      });
      codes.push(short);
    }
  })();
  db.close();
  return codes;
}

/** Polls the database until the reads stop growing and reach `expected` (or 15 s pass). */
async function waitForStoredReads(
  file: string,
  expected: number,
): Promise<{ reads: number; rollup: number; readCount: number }> {
  const db = new SQLite(file, { readonly: true });
  const read = () => {
    const rollup = Number(
      (db.prepare('select coalesce(sum(other + official), 0) as n from read_days').get() as { n: number }).n,
    );
    const readCount = Number(
      (db.prepare('select coalesce(sum(read_count), 0) as n from qr_codes').get() as { n: number }).n,
    );
    return { reads: rollup, rollup, readCount };
  };
  let last = read();
  for (const end = Date.now() + 15_000; Date.now() < end; ) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = read();
    if (now.reads >= expected && now.reads === last.reads) break;
    last = now;
  }
  const final = read();
  db.close();
  return final;
}
