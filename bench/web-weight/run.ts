/**
 * What a first visit costs: opens each page of the real built server in Chromium at 375 px with an
 * empty cache and sums, through the DevTools protocol, the bytes that crossed the wire (headers and
 * compressed bodies, as DevTools' "transferred") of JavaScript and CSS until the network is idle.
 * Then opens every screen with the phone profile (4x CPU slowdown, 1.6 Mbps, 150 ms latency, no
 * cache) and prints its largest contentful paint, the rounds of script requests it waited for, when
 * the scripts requested before the paint had arrived (median) and when the app's first API call
 * went out (median).
 * Run: npm run bench:web-weight (after `npm run build --workspace apps/web` or `npm start`);
 * `-- --files` also lists each file a page loaded, to find what to split; `-- --phone-only` skips
 * the weights, `-- --weights-only` the phone; LCP_ENTRIES=1 prints each screen's paint candidates; SCREENS=label,… measures only those screens; RUNS (3) sets how many times each screen is opened on the phone (the median is shown).
 */
import os from 'node:os';
import path from 'node:path';
import { channelPath } from '@qrqr/shared/channel-paths';
import { api, paths, qrAnalyticsPath, READER_PATH, readerChannelPath } from '@qrqr/shared/paths';
import type { APIRequestContext, Browser } from 'playwright-core';
import { launchChromium } from '../../e2e/support/browser';
import { measure, type PageCase, type StorageState, type Weight } from '../../e2e/support/page-weight';
import { PHONE_PROFILE, paintOnPhone } from '../../e2e/support/phone-paint';
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
  // Pages a visitor opens from a printed code: the reader's light app, under 100 KB.
  { path: READER_PATH, label: READER_PATH, jsBudget: 100 * KB, ready: '[data-testid="scan-camera"]' },
  {
    path: '/c/AAAAAAAAAAAAAAAA',
    label: '/c/{code} (not found)',
    jsBudget: 100 * KB,
    ready: '[data-testid="channel-missing"]',
  },
  {
    path: '/reader/w/AAAAAAAAAAAA',
    label: '/reader/w/{code} Wi-Fi welcome page (not released)',
    jsBudget: 100 * KB,
    ready: '[data-testid="welcome-missing"]',
  },
];

interface Member {
  state: StorageState;
  /** A redirect code of the member's, scanned by a phone (its read log has reads). */
  codeId: string;
  channelId: number;
  channelCode: string;
  /** A phone following the channel, whose inbox holds INBOX_MESSAGES messages. */
  follower: StorageState;
}

/** The inbox the channel page shows a follower (a page of 20). */
const INBOX_MESSAGES = 20;

/**
 * A member signed up and activated through the API, as the browser would, for the member pages,
 * with a scanned code and a channel for the read log and the channel screens.
 */
async function seedMember(browser: Browser, server: RunningServer): Promise<Member> {
  const context = await browser.newContext();
  const request = context.request;
  await signUp(request, server.url);
  const { qrcode } = await post<{ qrcode: { id: string; redirect_url: string } }>(
    request,
    server.url,
    api.qrCreate,
    { tab: 0, url: 'https://example.com/poster', title: 'ポスター', analysis_type: 1 },
  );
  const phoneUa =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
  for (let i = 0; i < 3; i++)
    await request.get(qrcode.redirect_url, { headers: { 'user-agent': phoneUa }, maxRedirects: 0 });
  await post(request, server.url, api.channelServiceRegister, { terms_accepted: true });
  const { channel } = await post<{ channel: { channel_id: number; channel_code: string } }>(
    request,
    server.url,
    api.channels,
    { channel_name: 'みどり青果店', channel_user_type: 1 },
  );
  const follower = await followAndFill(browser, server, request, channel.channel_code, channel.channel_id);
  const state = await context.storageState();
  await context.close();
  return {
    state,
    codeId: qrcode.id,
    channelId: channel.channel_id,
    channelCode: channel.channel_code,
    follower,
  };
}

/**
 * A phone follows the channel through its page (as a visitor does), then the member sends it
 * INBOX_MESSAGES messages through the API (saved, then reserved for now: the server's scheduler
 * sends them). Returns the phone's storage (its device cookie) once its inbox holds them all.
 */
async function followAndFill(
  browser: Browser,
  server: RunningServer,
  member: APIRequestContext,
  code: string,
  channelId: number,
): Promise<StorageState> {
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });
  const page = await phone.newPage();
  await page.goto(`${server.url}/c/${code}`);
  await page.click('[data-testid="follow"]');
  await page.waitForSelector('[data-testid="follow"][aria-pressed="true"]');
  for (let i = 0; i < INBOX_MESSAGES; i++) {
    const { message } = await post<{ message: { message_id: number } }>(
      member,
      server.url,
      channelPath.messages(channelId),
      {
        layout: 1,
        push_text: `本日のおすすめ ${i + 1}: 朝採れの野菜が入りました`,
        detail_title: '朝採れ野菜',
        detail_text: 'トマト、きゅうり、なすが入荷しました。'.repeat(4),
      },
    );
    await post(member, server.url, channelPath.messageNotify(channelId), { message_id: message.message_id });
  }
  for (let tries = 0; ; tries++) {
    const res = await phone.request.get(`${server.url}${readerChannelPath.messages(code)}`, {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    const body = (await res.json()) as { total_count?: number };
    if (body.total_count === INBOX_MESSAGES) break;
    if (tries > 100) throw new Error(`the inbox holds ${body.total_count} messages, not ${INBOX_MESSAGES}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const state = await phone.storageState();
  await phone.close();
  return state;
}

interface PhoneCase {
  label: string;
  path: string;
  ready: string;
  signedIn?: boolean;
  /** The target for the largest contentful paint, ms. */
  target: number;
}

/** Every kind of screen, with their targets: top and sign-in, manager screens, visitor pages. */
function phoneCases(m: Member): PhoneCase[] {
  const inChannel = (path: string) => `${path}?channel_id=${m.channelId}`;
  const channelReady = (testId: string) => `[data-testid="${testId}"], #channel-page-title`;
  return [
    { label: '/', path: paths.home, ready: '[data-testid="create-panel"]', target: 2000 },
    { label: 'sign-in', path: paths.signin, ready: 'input[name="password"]', target: 2000 },
    {
      label: 'QR list (member)',
      path: paths.qrList,
      ready: '[data-testid="code-row"]',
      signedIn: true,
      target: 2500,
    },
    {
      label: 'read log',
      path: qrAnalyticsPath(m.codeId),
      ready: '[data-testid="readlog-figures"]',
      signedIn: true,
      target: 2500,
    },
    {
      label: 'channel home',
      path: inChannel(paths.channelHome),
      ready: '#channel-page-title',
      signedIn: true,
      target: 2500,
    },
    {
      label: 'send-list editor',
      path: inChannel(paths.channelSendlistCreate),
      ready: channelReady('sendlist-name'),
      signedIn: true,
      target: 2500,
    },
    {
      label: 'tags',
      path: inChannel(paths.channelTagList),
      ready: channelReady('tag-list-page'),
      signedIn: true,
      target: 2500,
    },
    {
      label: 'coupons',
      path: inChannel(paths.channelCouponList),
      ready: channelReady('coupon-list-page'),
      signedIn: true,
      target: 2500,
    },
    {
      label: 'channel analytics',
      path: inChannel(paths.channelAnalytics),
      ready: channelReady('channel-analytics-page'),
      signedIn: true,
      target: 2500,
    },
    {
      label: 'channel settings',
      path: inChannel(paths.channelUpdate),
      ready: channelReady('channel-settings'),
      signedIn: true,
      target: 2500,
    },
    ...(
      [
        ['followers', paths.channelUsers, 'follower-list-page'],
        ['send lists', paths.channelSendlistList, 'sendlist-create'],
        ['welcome list', paths.channelWelcomeList, 'welcome-create'],
        ['welcome editor', paths.channelWelcomeCreate, 'welcome-save'],
        ['message editor', paths.channelMessageCreate, 'message-push-text'],
        ['coupon editor', paths.channelCouponCreate, 'coupon-create-page'],
        ['Wi-Fi list', paths.wifiHome, 'wifi-list-page'],
        ['Wi-Fi editor', paths.wifiWelcomeCreate, 'wifi-create-page'],
        ['channel news', paths.channelNews, 'channel-news'],
        ['new channel', paths.channelCreate, 'channel-create'],
      ] as const
    ).map(([label, screen, testId]) => ({
      label,
      path: inChannel(screen),
      ready: channelReady(testId),
      signedIn: true,
      target: 2500,
    })),
    { label: READER_PATH, path: READER_PATH, ready: '[data-testid="scan-camera"]', target: 1500 },
    {
      label: '/c/{code}',
      path: `/c/${m.channelCode}`,
      ready: '[data-testid="follow"]',
      target: 1500,
    },
  ];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function phoneTable(browser: Browser, server: RunningServer, member: Member): Promise<string[][]> {
  const runs = Number(process.env.RUNS ?? 3);
  const rows = [
    [
      'screen (phone profile)',
      'LCP median',
      'LCP runs',
      'script rounds',
      'page',
      'JS files',
      'scripts in',
      'first call',
      'target',
      'LCP / target',
    ],
  ];
  // SCREENS=label,label… measures only those screens.
  const only = process.env.SCREENS?.split(',');
  for (const c of phoneCases(member).filter((c) => !only || only.includes(c.label))) {
    const lcps: number[] = [];
    const rounds: number[] = [];
    const scriptsIn: number[] = [];
    const firstCall: number[] = [];
    let files = 0;
    let pageBytes = 0;
    for (let i = 0; i < runs; i++) {
      const profileDir = process.env.CPU_PROFILES;
      const paint = await paintOnPhone(
        browser,
        `${server.url}${c.path}`,
        c.ready,
        c.signedIn ? member.state : undefined,
        undefined,
        profileDir && i === 0
          ? path.join(profileDir, `${c.label.replace(/[^A-Za-z0-9-]+/g, '_')}.cpuprofile`)
          : undefined,
      );
      lcps.push(paint.lcp);
      rounds.push(paint.rounds);
      files = paint.scripts.length;
      pageBytes = paint.pageBytes;
      // What the paint waited for: the last script of the first round in, the app's first API call out.
      scriptsIn.push(Math.max(...paint.scripts.filter((s) => s.sent < paint.lcp).map((s) => s.done)));
      firstCall.push(Math.min(...paint.calls.map((c) => c.sent)));
      if (process.env.LCP_ENTRIES && i === 0)
        console.log(
          c.label,
          paint.candidates.map((e) => `${(e.time / 1000).toFixed(2)} ${e.element}`).join(' | '),
          '; styles',
          paint.styles
            .map(
              (s) =>
                `${s.url.replace('/assets/', '')} ${(s.sent / 1000).toFixed(2)}-${(s.done / 1000).toFixed(2)}`,
            )
            .join(', '),
        );
      if (process.env.CALLS && i === 0)
        console.log(
          c.label,
          paint.calls.map((call) => `${call.url} ${(call.sent / 1000).toFixed(2)}`).join(', '),
        );
    }
    const lcp = median(lcps);
    rows.push([
      c.label,
      `${(lcp / 1000).toFixed(2)} s`,
      lcps.map((v) => (v / 1000).toFixed(2)).join(' '),
      rounds.join(' '),
      kb(pageBytes),
      String(files),
      `${(median(scriptsIn) / 1000).toFixed(2)} s`,
      Number.isFinite(median(firstCall)) ? `${(median(firstCall) / 1000).toFixed(2)} s` : '-',
      `${(c.target / 1000).toFixed(1)} s`,
      (lcp / c.target).toFixed(2),
    ]);
  }
  return rows;
}

function printTable(rows: string[][]): void {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  for (const r of rows) console.log(r.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  '));
}

async function signUp(request: APIRequestContext, base: string): Promise<void> {
  const email = `bench-${Date.now()}@example.jp`;
  const password = 'bench-Password-123';
  await post(request, base, api.signup, { email });
  const mailbox = (await (await request.get(`${base}/dev/mailbox.json`)).json()) as {
    mails: { to_address: string; text_body: string }[];
  };
  const mail = mailbox.mails.find((m) => m.to_address === email);
  const link = mail?.text_body.match(/https?:\/\/\S+activate\?\S+/)?.[0];
  if (!link) throw new Error('no activation mail in the dev mailbox');
  const query = new URL(link).searchParams;
  await post(request, base, api.activate, {
    user_id: query.get('user_id'),
    confirmation_code: query.get('confirmation_code'),
    user_name: 'Bench',
    company_name: '',
    password,
  });
  await post(request, base, api.signin, { email, password });
}

/** A JSON call with the CSRF token the server wrote into the page for this browser's session. */
async function post<T = unknown>(
  request: APIRequestContext,
  base: string,
  path: string,
  body: unknown,
): Promise<T> {
  const html = await (await request.get(base, { headers: { accept: 'text/html' } })).text();
  const token = html.match(/name="csrf-token" content="([^"]+)"/)?.[1];
  if (!token) throw new Error('no CSRF token in the page');
  const res = await request.post(`${base}${path}`, {
    data: body,
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
  });
  if (!res.ok()) throw new Error(`${path}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

async function main(): Promise<void> {
  const server = await startServer();
  const browser = await launchChromium();
  try {
    const member = await seedMember(browser, server);
    if (!process.argv.includes('--phone-only')) await weightTable(browser, server, member);
    if (process.argv.includes('--weights-only')) return;
    console.log(
      `\nphone: ${PHONE_PROFILE.cpuSlowdown}x CPU, ${PHONE_PROFILE.latencyMs} ms, ${(PHONE_PROFILE.downBytesPerSecond * 8) / 1e6} Mbps down, no cache; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    printTable(await phoneTable(browser, server, member));
    console.log(
      `load average after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

async function weightTable(browser: Browser, server: RunningServer, member: Member): Promise<void> {
  const listed: [PageCase, Weight][] = [];
  const rows = [
    ['page', 'JS transferred', 'JS files', 'CSS transferred', 'CSS files', 'JS budget', 'JS / budget'],
  ];
  // The channel page as its follower opens it: the inbox's first page shown (the page of 20).
  const inboxCase: PageCase = {
    path: `/c/${member.channelCode}`,
    label: `/c/{code} (following, inbox of ${INBOX_MESSAGES})`,
    jsBudget: 100 * KB,
    ready: `[data-testid="inbox"] .inbox-rows li:nth-child(${INBOX_MESSAGES})`,
  };
  for (const c of [...cases, inboxCase]) {
    const state = c === inboxCase ? member.follower : c.signedIn ? member.state : undefined;
    const w = await measure(browser, c, `${server.url}${c.path}`, state);
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
  printTable(rows);
}

await main();
