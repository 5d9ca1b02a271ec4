/**
 * First content of the pages a visitor opens from a printed code (/reader and /c/{code}), per
 * engine: Chromium, Firefox and WebKit each open the page at 390×844 in Japanese
 * with an empty cache (a new browser per run), and the page's own Paint Timing gives the first
 * contentful paint (the page's screen, waited for, must show); also the load and DOM-ready times
 * and the compressed JavaScript it fetched (where the engine tells sizes).
 *
 * Two network profiles, the same for every engine: `direct` (loopback, unthrottled) and `phone`
 * (1.6 Mbps down, 750 kbps up, 150 ms round trip), made by a shaping proxy in this process that
 * every engine connects through, since only Chromium can throttle itself. The CPU is not slowed
 * in any engine (only Chromium could), so the `phone` figures are those of a fast phone on a slow
 * network. Run: npm run bench:web-weight:engines (after `node scripts/build-web.mjs`); RUNS (3)
 * sets the runs per page (the median is shown), ENGINES (chromium,firefox,webkit) which engines.
 */
import net from 'node:net';
import { READER_PATH } from '@qrqr/shared/paths';
import { ENGINES, type EngineName, PHONE } from '../../e2e/engines/engine';
import { type FlowPage, openFlowPage } from '../../e2e/engines/flow';
import { PHONE_PROFILE } from '../../e2e/support/phone-paint';
import { startServer } from '../../e2e/support/server';

const RUNS = Number(process.env.RUNS ?? 3);
const engines = (process.env.ENGINES?.split(',') ?? ENGINES) as EngineName[];

interface Sample {
  fcp: number | null;
  load: number;
  domReady: number;
  jsKb: number | null;
}

/**
 * A TCP proxy to `target` that delays each chunk by half the round trip and paces all bytes
 * through one shared link per direction, as a slow mobile network would.
 */
async function shapingProxy(target: number): Promise<{ port: number; close(): Promise<void> }> {
  const half = PHONE_PROFILE.latencyMs / 2;
  const linkFree = { down: 0, up: 0 };
  const send = (to: net.Socket, chunk: Buffer, way: 'down' | 'up') => {
    const rate = way === 'down' ? PHONE_PROFILE.downBytesPerSecond : PHONE_PROFILE.upBytesPerSecond;
    const at = Math.max(Date.now() + half, linkFree[way]);
    linkFree[way] = at + (chunk.length / rate) * 1000;
    // Each chunk leaves when the link has carried it: never before an earlier chunk.
    setTimeout(() => to.writable && to.write(chunk), linkFree[way] - Date.now());
  };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.on('data', (c) => send(upstream, c, 'up'));
    upstream.on('data', (c) => send(client, c, 'down'));
    client.on('end', () => setTimeout(() => upstream.end(), half));
    upstream.on('end', () => setTimeout(() => client.end(), Math.max(half, linkFree.down - Date.now())));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

async function measureOnce(
  engine: EngineName,
  baseUrl: string,
  path: string,
  ready: string,
): Promise<Sample> {
  const page: FlowPage = await openFlowPage(engine, baseUrl, 'bench', { viewport: PHONE, locale: 'ja-JP' });
  try {
    await page.goto(path);
    await page.waitFor(ready);
    return await page.raw.evaluate((selector) => {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
        (r) => r.initiatorType === 'script' || /\.m?js(\?|$)/.test(r.name),
      );
      // Engines that do not expose sizes give 0 for every file: reported as unknown.
      const bytes = scripts.reduce((sum, r) => sum + (r.encodedBodySize || 0), 0);
      if (!document.querySelector(selector)) throw new Error(`${selector} is gone`);
      return {
        fcp,
        load: nav?.loadEventEnd ?? -1,
        domReady: nav?.domContentLoadedEventEnd ?? -1,
        jsKb: scripts.length && bytes ? Math.round(bytes / 102.4) / 10 : null,
      };
    }, ready);
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const ms = (v: number | null) => (v === null || Number.isNaN(v) ? 'n/a' : `${Math.round(v)} ms`);

async function main() {
  const server = await startServer({}, { onOutput: () => undefined });
  const proxy = await shapingProxy(Number(new URL(server.url).port));
  try {
    // A real channel for /c/{code}, made by a member through the API in Chromium.
    const seed = await openFlowPage('chromium', server.url, 'seed', { viewport: PHONE, locale: 'ja-JP' });
    await seed.signUp({ email: `bench-${Date.now()}@example.jp`, userName: '計測', password: 'bench2026' });
    await seed.goto('/');
    await seed.api('POST', '/api/qrchannel/service/register', { terms_accepted: true });
    const { channel } = await seed.api<{ channel: { channel_code: string } }>(
      'POST',
      '/api/qrchannel/channel',
      {
        channel_name: '喫茶こもれび',
        channel_user_type: 2,
      },
    );
    await seed.close();

    const pages = [
      { path: READER_PATH, label: READER_PATH, ready: '[data-testid="scan-camera"]' },
      { path: `/c/${channel.channel_code}`, label: '/c/{code}', ready: '[data-testid="follow"]' },
    ];
    const networks = [
      { name: 'direct', url: server.url },
      { name: 'phone', url: `http://127.0.0.1:${proxy.port}` },
    ];
    console.log(
      `first content at 390×844 (ja), median of ${RUNS} runs, new browser each run, CPU not slowed`,
    );
    console.log('engine    network  page        first paint       load  DOM ready  JS (compressed)');
    for (const engine of engines) {
      for (const network of networks) {
        for (const p of pages) {
          const samples: Sample[] = [];
          for (let i = 0; i < RUNS; i++)
            samples.push(await measureOnce(engine, network.url, p.path, p.ready));
          const fcps = samples.map((s) => s.fcp).filter((v): v is number => v !== null);
          const js = samples.find((s) => s.jsKb !== null)?.jsKb;
          console.log(
            [
              engine.padEnd(9),
              network.name.padEnd(8),
              p.label.padEnd(11),
              ms(fcps.length ? median(fcps) : null).padStart(11),
              ms(median(samples.map((s) => s.load))).padStart(10),
              ms(median(samples.map((s) => s.domReady))).padStart(10),
              (js === undefined || js === null ? 'n/a' : `${js} KB`).padStart(16),
            ].join(' '),
          );
        }
      }
    }
  } finally {
    await proxy.close();
    await server.stop();
  }
}

await main();
