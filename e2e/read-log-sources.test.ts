import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AnalyticsData } from '@qrqr/shared/analytics-schemas';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import Database from 'better-sqlite3';
import type { Browser, BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, seriousA11yViolations } from './support/browser';
import { codePng } from './support/fake-camera';
import { DATE_RULE, lineBreakFindings } from './support/line-breaks';
import { type RunningServer, startServer } from './support/server';
import { DESKTOP, PHONE } from './support/session';
import { signUpThroughApi } from './support/sign-up';
import { UA } from './support/user-agents';

/**
 * Both kinds of reads in one read log: a member's redirect code is read by
 * camera apps through /r/ in Japan and the USA, and by our reader on two devices, one of which
 * sends its prefecture; a secret code only by the reader. The server stands behind a proxy
 * (TRUST_PROXY=127.0.0.1) so X-Forwarded-For gives each read a real public address, and the
 * bundled country database names Japan and the USA. The page shows both totals, unique users,
 * countries, the prefecture, the region bars and OS for every range and source. Photographed
 * (e2e/artifacts/readlog-sources-*) in Japanese at 375 px and in English on a desktop.
 */

/** Public addresses the bundled country database places in Japan and in the USA. */
const JAPAN = ['133.0.0.1', '210.130.0.1', '133.0.0.2'] as const;
const USA = ['8.8.8.8', '17.0.0.2'] as const;

/** Kyoto station: the reader's consented position becomes prefecture 26, 京都府. */
const KYOTO = { latitude: 34.985, longitude: 135.758 };

let server: RunningServer;
let dataDir: string;
let browser: Browser;
let page: Page;
let poster: QrCodeDto;
let secret: QrCodeDto;

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible()).toBe(true);
const settled = (p: Page) =>
  p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

async function check(name: string) {
  await page.waitForLoadState('networkidle');
  await settled(page);
  await screenshot(page, name);
  expect(await seriousA11yViolations(page), `axe on ${name}`).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} scrolls sideways`).toBeLessThanOrEqual(0);
}

/**
 * The newest mailed link to `pathPart`: behind a proxy there is no dev mailbox, so from the outbox
 * table. Sign-up mails are sent after the answer, so it waits for one.
 */
async function linkFromOutbox(pathPart: string): Promise<string> {
  const newest = () => {
    const db = new Database(path.join(dataDir, 'qrqr.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const mail = db.prepare('select text_body from mail_outbox order by id desc limit 1').get() as
        | { text_body: string }
        | undefined;
      return mail?.text_body.split(/\s+/).find((word) => word.includes(pathPart)) ?? '';
    } finally {
      db.close();
    }
  };
  return waitFor(newest, (link) => link !== '', `a mail with a link to ${pathPart}`);
}

/**
 * Polls `read` until `done` says yes (15 s at most); for beforeAll, where expect.poll is not
 * allowed.
 */
async function waitFor<T>(read: () => T | Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const until = Date.now() + 15_000;
  let seen = await read();
  while (!done(seen)) {
    if (Date.now() > until) throw new Error(`waited for ${what}, saw ${JSON.stringify(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
    seen = await read();
  }
  return seen;
}

async function apiPost<T>(path: string, data: object): Promise<T> {
  const token = (await page.context().cookies(server.url)).find((c) => c.name === 'XSRF-TOKEN')?.value;
  const res = await page.request.post(`${server.url}${path}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token ?? '' },
    data,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

async function totalsOf(id: string): Promise<AnalyticsData['totals']> {
  const res = await page.request.get(`${server.url}/analytics/data/${id}/`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  return ((await res.json()) as AnalyticsData).totals;
}

/** Waits for the flush (every second) to have counted exactly these reads. */
async function counted(id: string, expected: { official: number; other: number }) {
  await waitFor(
    () => totalsOf(id),
    (seen) => seen.official === expected.official && seen.other === expected.other,
    `${JSON.stringify(expected)} reads of ${id}`,
  );
}

/** A phone's camera app opening the printed redirect code, through a proxy that names its address. */
async function cameraScan(code: QrCodeDto, address: string, userAgent: string) {
  const res = await page.request.get(code.redirect_url ?? '', {
    headers: { 'user-agent': userAgent, 'X-Forwarded-For': address },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
}

/** Our reader on a phone of its own (its own device cookie), reached through the proxy from `address`. */
async function readerOn(address: string, options: BrowserContextOptions): Promise<Page> {
  const context = await browser.newContext({
    timezoneId: 'Asia/Tokyo',
    extraHTTPHeaders: { 'X-Forwarded-For': address },
    ...options,
  });
  const reader = await context.newPage();
  // The redirect targets are someone else's sites, and this machine has no internet.
  await reader.route(/^https:\/\/example\.(com|jp)\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>target</title><h1>target</h1>' }),
  );
  await reader.goto(`${server.url}/reader`);
  await reader.locator('[data-testid="scan-camera"]').waitFor();
  return reader;
}

/** Reads `code` from a photo with the reader; waits for the call that counts it. */
async function readerScan(reader: Page, code: QrCodeDto) {
  const answered = reader.waitForResponse((r) => r.url().endsWith('/api/reader/resolve'), {
    timeout: 30_000,
  });
  await reader.setInputFiles('[data-testid="scan-photo"]', {
    name: 'code.png',
    mimeType: 'image/png',
    buffer: await codePng(code.payload, 10),
  });
  expect((await answered).status()).toBe(200);
}

/** The reader shows a redirect code's target first; one tap on the open button goes there. */
async function openTarget(reader: Page, target: string) {
  const open = reader.locator('[data-testid="result"] a.btn-primary');
  expect(await open.getAttribute('href')).toBe(target);
  await open.click();
  await reader.waitForURL(target);
}

/** A Tokyo calendar day, `offset` days from today. */
function tokyoDay(offset = 0): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}

const openLog = async (id: string, query = '') => {
  await page.goto(`${server.url}/qrcode/analytics/${id}${query}`);
  await visible(page.getByTestId('readlog-figures'));
};
const shown = async () => ({
  from: await page.getByTestId('readlog-figures').getAttribute('data-from'),
  to: await page.getByTestId('readlog-figures').getAttribute('data-to'),
});
const totalsShown = async () => ({
  other: await page.getByTestId('total-other-value').textContent(),
  official: await page.getByTestId('total-official-value').textContent(),
  uniques: await page.getByTestId('total-uniques-value').textContent(),
});
/** Each row of a share table (countries, prefectures, OS) as key → [name, reads]. */
const shareRows = (testId: string): Promise<Record<string, [string, string]>> =>
  page
    .locator(`[data-testid="${testId}"] tbody tr`)
    .evaluateAll((rows) =>
      Object.fromEntries(
        rows.map((r) => [
          r.getAttribute('data-key'),
          [
            r.querySelector('td')?.textContent ?? '',
            r.querySelector('[data-testid="reads"]')?.textContent ?? '',
          ],
        ]),
      ),
    );
const readsOf = async (testId: string) =>
  Object.fromEntries(Object.entries(await shareRows(testId)).map(([k, [, reads]]) => [k, reads]));
/** The country names on the region chart's axis, top first (a long one wraps over lines). */
const regionAxisNames = () =>
  page
    .locator('[data-testid="region-chart"] .recharts-yAxis-tick-labels text')
    .evaluateAll((labels) =>
      labels.map((l) => Array.from(l.querySelectorAll('tspan'), (line) => line.textContent).join(' ')),
    );
/** The widths of the region chart's bars, top (most reads) first. */
const regionBarWidths = () =>
  page
    .locator('[data-testid="region-chart"] .recharts-bar-rectangle path')
    .evaluateAll((bars) => bars.map((b) => Number(b.getAttribute('width'))));
/** Today's row of the days table: other, official, unique users. */
const todayRow = () =>
  page
    .locator(`[data-testid="days-table"] tr[data-day="${tokyoDay()}"] td`)
    .allTextContents()
    .then((cells) => cells.slice(1));
const chooseRange = (label: string) =>
  page.getByTestId('range-tabs').getByText(label, { exact: true }).click();
const chooseSource = (label: string) =>
  page.getByTestId('source-filter').getByText(label, { exact: true }).click();

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-readlog-sources-'));
  server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  page = await context.newPage();
  await signUpThroughApi(
    page,
    server.url,
    { email: `sources-${Date.now()}@example.jp`, userName: '読み取り元を見る', password: 'sources2026' },
    { mailedLink: linkFromOutbox },
  );
  ({ qrcode: poster } = await apiPost<{ qrcode: QrCodeDto }>('/qrcode/create/', {
    tab: 0,
    url: 'https://example.com/poster',
    title: '駅のポスター',
    analysis_type: 1,
  }));
  ({ qrcode: secret } = await apiPost<{ qrcode: QrCodeDto }>('/qrcode/create/', {
    tab: 1,
    text: '会員限定の合言葉',
    title: '会員カード',
    analysis_type: 2,
  }));

  // Camera apps (other reads): an iPhone in Japan twice, a Windows PC in Japan, an Android in the
  // USA. Four reads, three users.
  await cameraScan(poster, JAPAN[0], UA.iphone);
  await cameraScan(poster, JAPAN[0], UA.iphone);
  await cameraScan(poster, JAPAN[1], UA.windows);
  await cameraScan(poster, USA[0], UA.android);

  // Our reader (official reads): an iPhone in Kyoto that allows its prefecture reads the poster
  // once and the secret code twice; an Android in the USA that sends no position reads the poster.
  const kyoto = await readerOn(JAPAN[2], {
    viewport: PHONE,
    locale: 'ja-JP',
    userAgent: UA.iphone,
    permissions: ['geolocation'],
    geolocation: KYOTO,
  });
  await kyoto.getByLabel(/都道府県を送る/).check();
  await readerScan(kyoto, poster);
  await openTarget(kyoto, 'https://example.com/poster');
  await kyoto.goto(`${server.url}/reader`);
  await readerScan(kyoto, secret);
  await readerScan(kyoto, secret);
  expect(await kyoto.locator('[data-testid="result-text"]').textContent()).toBe('会員限定の合言葉');
  const usa = await readerOn(USA[1], { viewport: PHONE, locale: 'en-US', userAgent: UA.android });
  await readerScan(usa, poster);
  await openTarget(usa, 'https://example.com/poster');
  await kyoto.context().close();
  await usa.context().close();

  await counted(poster.id, { official: 2, other: 4 });
  await counted(secret.id, { official: 2, other: 0 });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a redirect code read by camera apps and by the reader', () => {
  it('shows both totals, unique users, the countries, the prefecture, region bars and OS (ja, 375 px)', async () => {
    await page.setViewportSize(PHONE);
    await openLog(poster.id);
    // Four other reads, two official, and 3 + 2 users (camera apps by address and browser, the
    // reader by its device).
    expect(await totalsShown()).toEqual({ other: '4', official: '2', uniques: '5' });
    expect(await todayRow()).toEqual(['4', '2', '5']);
    const countries = await shareRows('countries-table');
    expect(Object.keys(countries)).toEqual(['JP', 'US']);
    expect(countries.JP).toEqual(['日本', '4']);
    expect(countries.US?.[0]).toContain('アメリカ');
    expect(countries.US?.[1]).toBe('2');
    // Only the Kyoto reader sent a position.
    expect(await shareRows('prefectures-table')).toEqual({ '26': ['京都府', '1'] });
    // The region bars: one per country, named on the axis.
    const bars = page.locator('[data-testid="region-chart"] .recharts-bar-rectangle');
    await expect.poll(() => bars.count()).toBe(2);
    const names = await regionAxisNames();
    expect(names).toHaveLength(2);
    expect(names[0]).toBe('日本');
    expect(names[1]).toContain('アメリカ');
    // Japan's bar is twice as long as the USA's: 4 reads against 2.
    const [japan, usa] = await regionBarWidths();
    expect(japan).toBeGreaterThan(0);
    expect(japan ?? 0).toBeCloseTo(2 * (usa ?? 0), 0);
    expect(await readsOf('os-table')).toEqual({ ios: '3', android: '2', windows: '1' });
    await expect
      .poll(() => page.locator('[data-testid="daily-chart"] .recharts-bar-rectangle').count())
      .toBeGreaterThan(0);
    // The narrow tables split no word: 「読み取り/数」, 「アメリカ合衆/国」.
    const tables = ['countries-table', 'prefectures-table', 'os-table'].map(
      (id) => `[data-testid="${id}"] :is(th, td)`,
    );
    expect(await lineBreakFindings(page, tables.join(', '), ['読み取り数', countries.US?.[0] ?? ''])).toEqual(
      [],
    );
    await check('readlog-sources-01-poster-phone-ja');
  });

  it('keeps the figures right on every range tab', async () => {
    await page.setViewportSize(DESKTOP);
    await openLog(poster.id);
    const ranges: Array<[string, { from: string; to: string }, number]> = [
      ['今日', { from: tokyoDay(), to: tokyoDay() }, 1],
      ['1週間', { from: tokyoDay(-6), to: tokyoDay() }, 7],
      ['1か月', { from: tokyoDay(-29), to: tokyoDay() }, 30],
      // All: from the day the code was made, today.
      ['すべて', { from: tokyoDay(), to: tokyoDay() }, 1],
    ];
    for (const [label, days, rows] of ranges) {
      await chooseRange(label);
      await expect.poll(shown, { message: label }).toEqual(days);
      expect(await totalsShown(), label).toEqual({ other: '4', official: '2', uniques: '5' });
      expect(await page.getByTestId('days-table').locator('tbody tr').count(), label).toBe(rows);
      expect(await todayRow(), label).toEqual(['4', '2', '5']);
      expect(await readsOf('countries-table'), label).toEqual({ JP: '4', US: '2' });
      expect(await readsOf('prefectures-table'), label).toEqual({ '26': '1' });
      expect(await readsOf('os-table'), label).toEqual({ ios: '3', android: '2', windows: '1' });
    }
    // Custom: the three days up to today hold them all; yesterday and before hold none.
    await openLog(poster.id, `?range=3&from=${tokyoDay(-2)}&to=${tokyoDay()}`);
    await expect.poll(shown).toEqual({ from: tokyoDay(-2), to: tokyoDay() });
    expect(await totalsShown()).toEqual({ other: '4', official: '2', uniques: '5' });
    expect(await page.getByTestId('days-table').locator('tbody tr').count()).toBe(3);
    expect(await readsOf('countries-table')).toEqual({ JP: '4', US: '2' });
    await openLog(poster.id, `?range=3&from=${tokyoDay(-3)}&to=${tokyoDay(-1)}`);
    await expect.poll(shown).toEqual({ from: tokyoDay(-3), to: tokyoDay(-1) });
    expect(await totalsShown()).toEqual({ other: '0', official: '0', uniques: '0' });
    expect(await page.getByTestId('countries-table').count()).toBe(0);
    // The custom tab's form, applied as it opens, shows today: also when it opens before today's
    // figures came (held here), while the previous range's are still on screen.
    const todaysFigures = '**/analytics/graph/**range=0*';
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(todaysFigures, async (route) => {
      await held;
      await route.continue();
    });
    await chooseRange('今日');
    await chooseRange('期間指定');
    await visible(page.getByTestId('custom-range'));
    const answered = page.waitForResponse(
      (r) => r.url().includes('/analytics/graph/') && r.url().includes('range=0'),
    );
    release();
    await answered;
    await page.unroute(todaysFigures);
    await page.getByTestId('range-apply').click();
    await expect.poll(() => page.url()).toContain('range=3');
    await expect.poll(shown).toEqual({ from: tokyoDay(), to: tokyoDay() });
    expect(await totalsShown()).toEqual({ other: '4', official: '2', uniques: '5' });
    await check('readlog-sources-02-custom-desktop-ja');
  });

  it('counts each source on its own', async () => {
    await openLog(poster.id);
    await chooseSource('公式アプリ');
    await expect.poll(totalsShown).toEqual({ other: '0', official: '2', uniques: '2' });
    await expect.poll(() => readsOf('countries-table')).toEqual({ JP: '1', US: '1' });
    expect(await readsOf('prefectures-table')).toEqual({ '26': '1' });
    expect(await readsOf('os-table')).toEqual({ ios: '1', android: '1' });
    await chooseSource('その他のアプリ');
    await expect.poll(totalsShown).toEqual({ other: '4', official: '0', uniques: '3' });
    await expect.poll(() => readsOf('countries-table')).toEqual({ JP: '3', US: '1' });
    expect(await page.getByTestId('prefectures-table').count()).toBe(0);
    expect(await readsOf('os-table')).toEqual({ ios: '2', android: '1', windows: '1' });
    await chooseSource('すべて');
    await expect.poll(totalsShown).toEqual({ other: '4', official: '2', uniques: '5' });
  });

  it('names the countries and the prefecture in English (desktop)', async () => {
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    try {
      await openLog(poster.id);
      expect(await page.locator('h1').textContent()).toBe('Access analysis');
      expect(await totalsShown()).toEqual({ other: '4', official: '2', uniques: '5' });
      const countries = await shareRows('countries-table');
      expect(countries).toEqual({ JP: ['Japan', '4'], US: ['United States', '2'] });
      expect(await shareRows('prefectures-table')).toEqual({ '26': ['Kyoto', '1'] });
      await expect.poll(regionAxisNames).toEqual(['Japan', 'United States']);
      expect(await shareRows('os-table')).toEqual({
        ios: ['iOS', '3'],
        android: ['Android', '2'],
        windows: ['Windows', '1'],
      });
      await check('readlog-sources-03-poster-desktop-en');
    } finally {
      await page.context().addCookies([{ name: 'lang', value: 'ja', url: server.url }]);
    }
  });
});

describe('a secret code read only by the reader', () => {
  it('shows official reads, one device, Japan and Kyoto (ja, 375 px)', async () => {
    await page.setViewportSize(PHONE);
    await openLog(secret.id);
    expect(await totalsShown()).toEqual({ other: '0', official: '2', uniques: '1' });
    expect(await shareRows('countries-table')).toEqual({ JP: ['日本', '2'] });
    expect(await shareRows('prefectures-table')).toEqual({ '26': ['京都府', '2'] });
    expect(await readsOf('os-table')).toEqual({ ios: '2' });
    await check('readlog-sources-04-secret-phone-ja');
  });
});

describe('a reader read from an address the country database does not place', () => {
  it('counts the consented prefecture’s reads as Japan, and names each table once (ja, 375 px)', async () => {
    const { qrcode: card } = await apiPost<{ qrcode: QrCodeDto }>('/qrcode/create/', {
      tab: 1,
      text: '社内ネットワークの合言葉',
      title: '社内カード',
      analysis_type: 2,
    });
    // A private address (a company network behind the proxy): no country of its own.
    const office = await readerOn('10.0.0.8', {
      viewport: PHONE,
      locale: 'ja-JP',
      userAgent: UA.iphone,
      permissions: ['geolocation'],
      geolocation: KYOTO,
    });
    await office.getByLabel(/都道府県を送る/).check();
    await readerScan(office, card);
    await office.context().close();
    await counted(card.id, { official: 1, other: 0 });

    await page.setViewportSize(PHONE);
    await openLog(card.id);
    expect(await shareRows('countries-table')).toEqual({ JP: ['日本', '1'] });
    expect(await shareRows('prefectures-table')).toEqual({ '26': ['京都府', '1'] });
    // The section says 「地域」 once and each table's subject once (its column header).
    const region = page.locator('section[aria-labelledby="region-title"]');
    for (const name of ['地域', '国・地域', '都道府県'])
      expect(await region.getByText(name, { exact: true }).count(), name).toBe(1);
    // Dates stay whole, also inside a sentence (「最初の読み取り：2026-/11-26」 was seen at 375 px).
    expect(await lineBreakFindings(page, 'p, span, td, th, time', [], [DATE_RULE])).toEqual([]);
    await check('readlog-sources-05-private-address-phone-ja');
  });
});
