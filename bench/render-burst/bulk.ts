import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../../e2e/support/server';
import { seedMember } from '../support/seeded-member';
import { healthLatency, latencySummary, mb, ms, rssOf, sleep } from './probes';

/**
 * The bulk case: a member creates COUNT codes from one CSV (one call), then downloads all of them
 * as one ZIP (POST /qrcode/bulk/zip/, PNG at CELL px a cell) and as a PDF sheet, while /api/health is polled every
 * 50 ms and the server's RSS sampled from /proc. Targets for the ZIP: RSS under 600 MB and health
 * under 200 ms throughout. `COUNT`, `CELL` and `TYPE` (1 PNG, 2 JPEG, 3 EPS, 4 SVG) change the case.
 */

const COUNT = Number(process.env.COUNT ?? 1000);
const CELL = Number(process.env.CELL ?? 10);
const TYPE = Number(process.env.TYPE ?? 1);
const SAMPLE_MS = 50;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-bench-bulk-'));
const server = await startServer(
  { NODE_ENV: 'production', LOG_LEVEL: 'warn', DATA_DIR: dataDir },
  { webBuild: false },
);
try {
  const member = seedMember(path.join(dataDir, 'qrqr.sqlite'));
  const cookie = `sid=${member.sid}`;
  const csrf = await csrfToken(server.url, cookie);
  const headers = { cookie, 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': csrf };

  // One table card each: a title and the table's own URL.
  const csv = [
    'タイトル,内容',
    ...Array.from({ length: COUNT }, (_, i) => `テーブル${i + 1},https://example.jp/menu?table=${i + 1}`),
  ];
  const createdAt = performance.now();
  const made = await fetch(`${server.url}/qrcode/bulk/create/`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'text/csv' },
    body: csv.join('\r\n'),
  });
  const answer = (await made.json()) as { ids?: string[]; status: { code: string } };
  if (!answer.ids) throw new Error(`bulk create failed: ${JSON.stringify(answer.status)}`);
  console.log(`${answer.ids.length} codes created from one CSV in ${ms(performance.now() - createdAt)}`);

  const idle: number[] = [];
  for (const end = performance.now() + 3000; performance.now() < end; await sleep(SAMPLE_MS))
    idle.push(await healthLatency(server.url));
  const baseRss = rssOf(server.pid);

  console.log(`RSS before the exports: ${mb(baseRss)}`);
  console.log(`/api/health without an export ${latencySummary(idle)}`);
  const exports = [
    {
      label: `ZIP (type ${TYPE}, ${CELL} px a cell)`,
      path: '/qrcode/bulk/zip/',
      body: { type: TYPE, op_size: CELL },
    },
    {
      label: 'PDF sheet (A4, 30 mm, crop marks)',
      path: '/qrcode/bulk/pdf/',
      body: { paper: 'A4', size_mm: 30, crop_marks: true },
    },
  ];
  for (const { label, path: call, body } of exports) {
    let done = false;
    let peakRss = rssOf(server.pid);
    const latencies: number[] = [];
    const rssTimer = setInterval(() => {
      peakRss = Math.max(peakRss, rssOf(server.pid));
    }, 20);
    const sampler = (async () => {
      while (!done) {
        latencies.push(await healthLatency(server.url));
        await sleep(SAMPLE_MS);
      }
    })();
    const started = performance.now();
    const res = await fetch(`${server.url}${call}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ ids: answer.ids, ...body }),
    });
    // Read chunk by chunk, never the whole answer at once.
    let bytes = 0;
    let firstByteMs = 0;
    for await (const chunk of res.body ?? []) {
      if (!firstByteMs) firstByteMs = performance.now() - started;
      bytes += (chunk as Uint8Array).byteLength;
    }
    const tookMs = performance.now() - started;
    done = true;
    await sampler;
    clearInterval(rssTimer);
    console.log(
      `${label} of ${answer.ids.length} codes: ${res.status}, ${mb(bytes)} in ${ms(tookMs)}, first byte after ${ms(firstByteMs)}`,
    );
    console.log(`  RSS peak ${mb(peakRss)}; /api/health meanwhile ${latencySummary(latencies)}`);
  }
} finally {
  await server.stop();
}

async function csrfToken(base: string, cookie: string): Promise<string> {
  const res = await fetch(`${base}/api/session`, { headers: { cookie } });
  const found = JSON.stringify(await res.json()).match(/"csrfToken":"([^"]+)"/)?.[1];
  if (!found) throw new Error('no CSRF token in /api/session');
  return found;
}
