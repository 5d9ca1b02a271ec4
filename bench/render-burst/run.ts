import { startServer } from '../../e2e/support/server';
import { healthLatency, latencySummary, mb, ms, rssOf, sleep } from './probes';

/**
 * Twenty concurrent guest downloads of a version-40 code as a large JPEG (50 px a cell) against the
 * real server, while /api/health is polled and the server's RSS sampled from /proc. Prints the RSS
 * peak, the health latencies and how the downloads were answered.
 */

const BURST = Number(process.env.BURST ?? 20);
const CELL = Number(process.env.CELL ?? 50);
/** 1 PNG, 2 JPEG, 3 EPS, 4 SVG. */
const TYPE = Number(process.env.TYPE ?? 2);
const FORMAT = ['', 'PNG', 'JPEG', 'EPS', 'SVG'][TYPE];
const SAMPLE_MS = 50;

const server = await startServer({ NODE_ENV: 'production' }, { webBuild: false });
try {
  const guest = await newGuest(server.url);
  const code = await guest.createCode(`https://example.jp/${'a'.repeat(2331 - 19)}`);
  console.log(
    `code ${code.id}: version ${code.version}, ${CELL} px a cell, ${BURST} concurrent ${FORMAT} downloads`,
  );
  // The same polling without a burst, so a busy machine's own noise shows as such.
  const idle: number[] = [];
  for (const end = performance.now() + 3000; performance.now() < end; await sleep(SAMPLE_MS))
    idle.push(await healthLatency(server.url));
  const baseRss = rssOf(server.pid);

  let done = false;
  const latencies: number[] = [];
  let peakRss = baseRss;
  const sampler = (async () => {
    while (!done) {
      peakRss = Math.max(peakRss, rssOf(server.pid));
      latencies.push(await healthLatency(server.url));
      await sleep(SAMPLE_MS);
    }
  })();
  const rssTimer = setInterval(() => {
    peakRss = Math.max(peakRss, rssOf(server.pid));
  }, 20);

  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: BURST }, () => guest.download(code.id, { type: TYPE, op_size: CELL, op_margin: 4 })),
  );
  const burstMs = performance.now() - started;
  done = true;
  await sampler;
  clearInterval(rssTimer);

  const statuses = new Map<string, number>();
  for (const a of answers) statuses.set(a, (statuses.get(a) ?? 0) + 1);
  console.log(`downloads: ${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')} in ${ms(burstMs)}`);
  console.log(`RSS: ${mb(baseRss)} before the burst, peak ${mb(peakRss)}`);
  console.log(`/api/health without a burst ${latencySummary(idle)}`);
  console.log(`/api/health during the burst ${latencySummary(latencies)}`);
} finally {
  await server.stop();
}

interface Guest {
  createCode(url: string): Promise<{ id: string; version: number }>;
  download(id: string, options: Record<string, number>): Promise<string>;
}

/** A browser without an account: keeps its cookies and echoes the CSRF token as the web app does. */
async function newGuest(url: string): Promise<Guest> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = (pair ?? '').indexOf('=');
      jar.set((pair ?? '').slice(0, at), (pair ?? '').slice(at + 1));
    }
  };
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  keep(await fetch(`${url}/api/session`));
  return {
    async createCode(target) {
      const res = await fetch(`${url}/qrcode/create/`, {
        method: 'POST',
        headers: {
          cookie: cookie(),
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'x-xsrf-token': jar.get('XSRF-TOKEN') ?? '',
        },
        body: JSON.stringify({ tab: 0, analysis_type: 0, title: 'burst', url: target }),
      });
      keep(res);
      const body = await res.json();
      if (!res.ok) throw new Error(`create failed: ${JSON.stringify(body)}`);
      return body.qrcode;
    },
    async download(id, options) {
      const query = new URLSearchParams({
        qr_data_id: id,
        ...Object.fromEntries(Object.entries(options).map(([k, v]) => [k, String(v)])),
      });
      const res = await fetch(`${url}/qrcode/download/?${query}`, { headers: { cookie: cookie() } });
      await res.arrayBuffer();
      return `${res.status}${res.headers.get('retry-after') ? ` (Retry-After ${res.headers.get('retry-after')})` : ''}`;
    },
  };
}
