/**
 * What a first visit costs: opens each page of the real built server in Chromium at 375 px with an
 * empty cache and sums, through the DevTools protocol, the bytes that crossed the wire (headers and
 * compressed bodies, as DevTools' "transferred") of JavaScript and CSS until the network is idle.
 * Run: npm run bench:web-weight (after `npm run build --workspace apps/web` or `npm start`);
 * `-- --files` also lists each file a page loaded, to find what to split.
 */
import { api, paths, READER_PATH } from '@qrqr/shared';
import { type APIRequestContext, type Browser, chromium } from 'playwright-core';
import { measure, type PageCase, type StorageState, type Weight } from '../../e2e/support/page-weight';
import { type RunningServer, startServer } from '../../e2e/support/server';

const KB = 1024;

const cases: PageCase[] = [
  { path: paths.home, label: '/', jsBudget: 200 * KB, ready: '[data-testid="create-panel"]' },
  {
    path: paths.qrList,
    label: '/qrcode/list (member)',
    jsBudget: 200 * KB,
    ready: '[data-testid="list-filters"], form[role="search"]',
    signedIn: true,
  },
  { path: paths.signin, label: paths.signin, jsBudget: 200 * KB, ready: 'input[name="password"]' },
  // Pages a visitor opens from a printed code (DESIGN §7): the reader's light app.
  { path: READER_PATH, label: READER_PATH, jsBudget: 100 * KB, ready: '[data-testid="scan-camera"]' },
  {
    path: '/c/AAAAAAAAAAAAAAAA',
    label: '/c/{code} (not found)',
    jsBudget: 100 * KB,
    ready: '[data-testid="channel-missing"]',
  },
];

/** A member signed up and activated through the API, as the browser would, for the member pages. */
async function memberState(browser: Browser, server: RunningServer): Promise<StorageState> {
  const context = await browser.newContext();
  const request = context.request;
  const email = `bench-${Date.now()}@example.jp`;
  const password = 'bench-Password-123';
  await post(request, server.url, api.signup, { email });
  const mailbox = (await (await request.get(`${server.url}/dev/mailbox.json`)).json()) as {
    mails: { to_address: string; text_body: string }[];
  };
  const mail = mailbox.mails.find((m) => m.to_address === email);
  const link = mail?.text_body.match(/https?:\/\/\S+activate\?\S+/)?.[0];
  if (!link) throw new Error('no activation mail in the dev mailbox');
  const query = new URL(link).searchParams;
  await post(request, server.url, api.activate, {
    user_id: query.get('user_id'),
    confirmation_code: query.get('confirmation_code'),
    user_name: 'Bench',
    company_name: '',
    password,
  });
  await post(request, server.url, api.signin, { email, password });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** A JSON call with the CSRF token the server wrote into the page for this browser's session. */
async function post(request: APIRequestContext, base: string, path: string, body: unknown): Promise<void> {
  const html = await (await request.get(base, { headers: { accept: 'text/html' } })).text();
  const token = html.match(/name="csrf-token" content="([^"]+)"/)?.[1];
  if (!token) throw new Error('no CSRF token in the page');
  const res = await request.post(`${base}${path}`, {
    data: body,
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
  });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const member = await memberState(browser, server);
    const listed: [PageCase, Weight][] = [];
    const rows = [
      ['page', 'JS transferred', 'JS files', 'CSS transferred', 'CSS files', 'JS budget', 'JS / budget'],
    ];
    for (const c of cases) {
      const w = await measure(browser, c, `${server.url}${c.path}`, c.signedIn ? member : undefined);
      listed.push([c, w]);
      rows.push([
        c.label,
        kb(w.jsBytes),
        String(w.jsCount),
        kb(w.cssBytes),
        String(w.cssCount),
        kb(c.jsBudget),
        (w.jsBytes / c.jsBudget).toFixed(2),
      ]);
    }
    if (process.argv.includes('--files')) {
      for (const [c, w] of listed) {
        console.log(`\n${c.label}`);
        for (const f of w.files.sort((a, b) => b.bytes - a.bytes))
          console.log(`  ${kb(f.bytes).padStart(9)}  ${f.url}`);
      }
      console.log('');
    }
    const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
    for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
