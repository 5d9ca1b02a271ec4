import fs from 'node:fs';
import type { AnalyticsData } from '@qrqr/shared/analytics-schemas';
import type { QrCodeDto } from '@qrqr/shared/qrcode-schemas';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot, seriousA11yViolations, takenOver } from './support/browser';
import { type RunningServer, sharedServer } from './support/server';
import { DESKTOP, PHONE } from './support/session';
import { signUpThroughApi } from './support/sign-up';
import { UA } from './support/user-agents';

/**
 * The read log of one code: a member's redirect code is read by three phones and a
 * computer, and its page shows the chart, totals, OS and every range; the custom range refuses
 * what the server would; the CSV opens in Excel (BOM); analysis pauses and resumes without a new
 * print; a Wi-Fi code's settings change; a guest sees its own log and nobody else's. Photographed
 * (e2e/artifacts/readlog-*) at 375 px and on a desktop, in Japanese and in English.
 */

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let poster: QrCodeDto;

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible()).toBe(true);
const settled = (p: Page = page) =>
  p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));

async function check(name: string, p: Page = page) {
  await p.waitForLoadState('networkidle');
  await settled(p);
  await screenshot(p, name);
  expect(await seriousA11yViolations(p), `axe on ${name}`).toEqual([]);
}

/** A call as the web app makes it (the CSRF token of the XSRF-TOKEN cookie, current after sign-in). */
async function apiPost<T>(p: Page, path: string, data: object): Promise<T> {
  const cookies = await p.context().cookies(server.url);
  const token = cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
  const res = await p.request.post(`${server.url}${path}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token ?? '' },
    data,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

async function readLog(p: Page, id: string): Promise<AnalyticsData> {
  const res = await p.request.get(`${server.url}/analytics/data/${id}/`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
  });
  return (await res.json()) as AnalyticsData;
}

/** A phone or computer opening the printed code with its camera app. */
async function scan(code: QrCodeDto, userAgent: string) {
  const res = await page.request.get(code.redirect_url ?? '', {
    headers: { 'user-agent': userAgent },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(302);
}

/** Waits for the flush (every second) to have counted `other` reads of the code. */
async function counted(p: Page, id: string, other: number) {
  const until = Date.now() + 15_000;
  let seen = -1;
  while (Date.now() < until) {
    seen = (await readLog(p, id)).totals.other;
    if (seen === other) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`expected ${other} reads of ${id} after the flush, saw ${seen}`);
}

/** A Tokyo calendar day, `offset` days from today. */
function tokyoDay(offset = 0): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Tokyo' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}

const figures = () => page.getByTestId('readlog-figures');
const shown = async () => ({
  from: await figures().getAttribute('data-from'),
  to: await figures().getAttribute('data-to'),
});
const osReads = (os: string) =>
  page.locator(`[data-testid="os-table"] tr[data-key="${os}"] [data-testid="reads"]`);
const openLog = async (id: string, query = '') => {
  await page.goto(`${server.url}/qrcode/analytics/${id}${query}`);
  await visible(page.getByTestId('code-summary'));
};
const chooseRange = (label: string) =>
  page.getByTestId('range-tabs').getByText(label, { exact: true }).click();

beforeAll(async () => {
  server = await sharedServer();
  browser = await launchChromium();
  context = await browser.newContext({ viewport: DESKTOP, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  page = await context.newPage();
  await signUpThroughApi(page, server.url, {
    email: `readlog-${Date.now()}@example.jp`,
    userName: '解析を見る',
    password: 'readlog2026',
  });
  const created = await apiPost<{ qrcode: QrCodeDto }>(page, '/qrcode/create/', {
    tab: 0,
    url: 'https://example.com/poster',
    title: '店頭ポスター',
    analysis_type: 1,
  });
  poster = created.qrcode;
  // Three people (two phones and a computer), one of them twice: four reads, three users.
  await scan(poster, UA.iphone);
  await scan(poster, UA.android);
  await scan(poster, UA.windows);
  await scan(poster, UA.iphone);
  await counted(page, poster.id, 4);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a member reads the log of a redirect code', () => {
  it('opens it from the list and sees totals, the chart and the OS of each read', async () => {
    await page.goto(`${server.url}/qrcode/list`);
    await page.getByTestId('code-row').filter({ hasText: '店頭ポスター' }).getByTestId('row-actions').click();
    await page.getByTestId('action-analytics').click();
    await page.waitForURL(`**/qrcode/analytics/${poster.id}`);
    await visible(figures());
    expect(await page.getByTestId('total-other-value').textContent()).toBe('4');
    expect(await page.getByTestId('total-official-value').textContent()).toBe('0');
    expect(await page.getByTestId('total-uniques-value').textContent()).toBe('3');
    // A real chart: recharts draws the bars into an SVG.
    await visible(page.locator('[data-testid="daily-chart"] svg.recharts-surface'));
    await expect
      .poll(() => page.locator('[data-testid="daily-chart"] .recharts-bar-rectangle').count())
      .toBeGreaterThan(0);
    expect(await osReads('ios').textContent()).toBe('2');
    expect(await osReads('android').textContent()).toBe('1');
    expect(await osReads('windows').textContent()).toBe('1');
    // The week is the first tab shown: seven Tokyo days ending today.
    expect(await shown()).toEqual({ from: tokyoDay(-6), to: tokyoDay() });
    expect(await page.getByTestId('days-table').locator('tbody tr').count()).toBe(7);
    expect(await page.getByTestId('analysis-state').textContent()).toBe('計測中');
    await visible(page.getByTestId('countries-table'));
    await check('readlog-01-member-desktop');
    await page.setViewportSize(PHONE);
    await check('readlog-02-member-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('switches between today, week, month, custom and all', async () => {
    await openLog(poster.id);
    await chooseRange('今日');
    await expect.poll(shown).toEqual({ from: tokyoDay(), to: tokyoDay() });
    expect(await page.getByTestId('total-other-value').textContent()).toBe('4');
    await chooseRange('1か月');
    await expect.poll(shown).toEqual({ from: tokyoDay(-29), to: tokyoDay() });
    await chooseRange('すべて');
    await expect.poll(shown).toEqual({ from: tokyoDay(), to: tokyoDay() });
    expect(page.url()).toContain('range=4');
    // Source filter: the official app has read nothing.
    await page.getByTestId('source-filter').getByText('公式アプリ', { exact: true }).click();
    await expect.poll(() => page.getByTestId('total-other-value').textContent()).toBe('0');
    await page.getByTestId('source-filter').getByText('すべて', { exact: true }).click();
    await expect.poll(() => page.getByTestId('total-other-value').textContent()).toBe('4');
    await chooseRange('期間指定');
    await visible(page.getByTestId('custom-range'));
    await page.getByTestId('range-apply').click();
    await expect.poll(() => page.url()).toContain('range=3');
    await expect.poll(shown).toEqual({ from: tokyoDay(), to: tokyoDay() });
  });

  it('refuses a custom range the server would refuse, with the same messages', async () => {
    await openLog(poster.id, `?range=3&from=${tokyoDay(-400)}&to=${tokyoDay()}`);
    await visible(page.getByText('期間は366日以内で指定してください'));
    expect(await figures().count()).toBe(0);
    await check('readlog-03-custom-too-long');
    await openLog(poster.id, `?range=3&from=${tokyoDay()}&to=${tokyoDay(-1)}`);
    await visible(page.getByText('終了日は開始日と同じか、それより後の日付にしてください'));
    // Clearing the start day and pressing "show" names the missing day.
    await openLog(poster.id, `?range=3&from=${tokyoDay(-2)}&to=${tokyoDay()}`);
    await expect.poll(shown).toEqual({ from: tokyoDay(-2), to: tokyoDay() });
    await page.getByRole('button', { name: '開始日を消去' }).click();
    await page.getByTestId('range-apply').click();
    await visible(page.getByText('開始日を入力してください'));
    await page.setViewportSize(PHONE);
    await check('readlog-04-custom-phone');
    await page.setViewportSize(DESKTOP);
  });

  it('downloads the days shown as a CSV with a BOM that Excel opens as UTF-8', async () => {
    await openLog(poster.id, `?range=3&from=${tokyoDay(-2)}&to=${tokyoDay()}`);
    const link = page.getByTestId('csv-download');
    await visible(link);
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const bytes = fs.readFileSync(await file.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.suggestedFilename()).toBe(`qr-${poster.id}-${tokyoDay(-2)}-${tokyoDay()}.csv`);
    const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toContain('日付');
    expect(lines).toHaveLength(4);
    expect(lines[3]).toMatch(new RegExp(`^${tokyoDay()},0,4,3$`));
  });
});

describe('analysis on and off', () => {
  it('pauses counting without a new print, says so, and resumes', async () => {
    await openLog(poster.id);
    await visible(page.getByTestId('method-explain'));
    expect(await page.getByTestId('method-explain').textContent()).toContain(
      '新しいQRコードを作成して印刷してください',
    );
    // The switch's input sits under its track, hence `force`, which skips the wait for the app.
    await takenOver(page);
    await page.getByTestId('analysis-switch').click({ force: true });
    await expect.poll(() => page.getByTestId('analysis-state').textContent()).toBe('停止中');
    await visible(page.getByTestId('readlog-paused'));
    await check('readlog-05-paused');
    // A read while paused still lands on the poster's page, but is not counted.
    await scan(poster, UA.mac);
    await page.waitForTimeout(2_500);
    expect((await readLog(page, poster.id)).totals.other).toBe(4);
    await page.getByTestId('analysis-switch').click({ force: true });
    await expect.poll(() => page.getByTestId('analysis-state').textContent()).toBe('計測中');
    await scan(poster, UA.mac);
    await counted(page, poster.id, 5);
  });

  it('explains why a code without analysis cannot start counting', async () => {
    const { qrcode } = await apiPost<{ qrcode: QrCodeDto }>(page, '/qrcode/create/', {
      tab: 0,
      url: 'https://example.com/plain',
      title: '解析なし',
    });
    await openLog(qrcode.id);
    await visible(page.getByTestId('readlog-empty-off'));
    expect(await page.getByTestId('analysis-switch').count()).toBe(0);
    expect(await page.getByTestId('method-explain').textContent()).toContain('内容がそのまま入っている');
    await check('readlog-06-no-analysis');
  });

  it('says that only our reader counts a secret code that has no reads yet', async () => {
    const { qrcode } = await apiPost<{ qrcode: QrCodeDto }>(page, '/qrcode/create/', {
      tab: 1,
      text: '会員限定の合言葉',
      title: '秘密の合言葉',
      analysis_type: 2,
    });
    await openLog(qrcode.id);
    await visible(page.getByTestId('readlog-empty-none'));
    expect(await page.getByTestId('readlog-empty-none').textContent()).toContain(
      'QRQR公式リーダーでの読み取りだけ',
    );
  });
});

describe('Wi-Fi settings', () => {
  it('shows the current settings beside the form and applies new ones', async () => {
    const { qrcode } = await apiPost<{ qrcode: QrCodeDto }>(page, '/qrcode/create/', {
      tab: 2,
      name: '店内Wi-Fi',
      ssid: 'cafe-guest',
      password: 'coffee1234',
      encryption: 'WPA',
      analysis_type: 2,
    });
    await openLog(qrcode.id);
    const current = page.getByTestId('wifi-current');
    await visible(current);
    expect(await current.textContent()).toContain('cafe-guest');
    expect(await page.getByTestId('wifi-print-note').textContent()).toContain('印刷済みのコードのまま');
    await page.getByTestId('wifi-ssid').fill('カフェ');
    await page.getByTestId('wifi-apply').click();
    await visible(page.getByText('SSIDに全角文字'));
    await page.getByTestId('wifi-ssid').fill('cafe-2F');
    await page.getByTestId('wifi-password').fill('latte5678');
    await page.getByTestId('wifi-apply').click();
    await expect.poll(() => current.textContent()).toContain('cafe-2F');
    expect(await current.textContent()).toContain('latte5678');
    await check('readlog-07-wifi');
    await page.setViewportSize(PHONE);
    await check('readlog-08-wifi-phone');
    await page.setViewportSize(DESKTOP);
  });
});

describe('in English', () => {
  it('turns to English from the footer, its own texts loaded on the way, and stays English', async () => {
    await openLog(poster.id);
    await visible(figures());
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('Access analysis');
    await expect.poll(() => page.getByTestId('total-other').textContent()).toContain('Reads by other apps');
    await openLog(poster.id);
    await visible(figures());
    expect(await page.locator('h1').textContent()).toBe('Access analysis');
    expect(await page.getByTestId('total-other').textContent()).toContain('Reads by other apps');
    expect(await osReads('ios').textContent()).toBe('2');
    await check('readlog-09-english-desktop');
    await page.setViewportSize(PHONE);
    await check('readlog-10-english-phone');
    await page.setViewportSize(DESKTOP);
    await page.getByTestId('lang-switch').click();
    await expect.poll(() => page.locator('h1').textContent()).toBe('アクセス解析');
  });

  it('fails the screen, not silently, when its texts of the other language cannot load', async () => {
    await openLog(poster.id);
    await visible(figures());
    const rejections: string[] = [];
    page.on('pageerror', (e) => rejections.push(e.message));
    await page.route('**/assets/locale-en-readlog-*.js', (route) => route.abort());
    try {
      await page.getByTestId('lang-switch').click();
      // The system error page (the screen's error boundary), not a loader forever nor an unhandled rejection.
      await page.getByTestId('system-error-text').waitFor();
      expect(rejections).toEqual([]);
    } finally {
      await page.unroute('**/assets/locale-en-readlog-*.js');
      await context.addCookies([{ name: 'lang', value: 'ja', url: server.url }]);
    }
  });
});

describe('a guest', () => {
  it("sees its own code's log through the history cookie, and 404 for a member's", async () => {
    const guestContext = await browser.newContext({
      viewport: PHONE,
      locale: 'ja-JP',
      timezoneId: 'Asia/Tokyo',
    });
    try {
      const guest = await guestContext.newPage();
      await guest.goto(server.url);
      const { qrcode } = await apiPost<{ qrcode: QrCodeDto }>(guest, '/qrcode/create/', {
        tab: 0,
        url: 'https://example.com/flyer',
        title: 'チラシ',
        analysis_type: 1,
      });
      await scan(qrcode, UA.android);
      await counted(guest, qrcode.id, 1);
      // From the history on the top page.
      await guest.goto(server.url);
      await guest.getByTestId('history-analytics').first().click();
      await guest.waitForURL(`**/qrcode/analytics/${qrcode.id}`);
      await visible(guest.getByTestId('readlog-figures'));
      expect(await guest.getByTestId('total-other-value').textContent()).toBe('1');
      await visible(guest.getByTestId('settings-guest'));
      await check('readlog-11-guest-phone', guest);
      await guest.goto(`${server.url}/qrcode/analytics/${poster.id}`);
      await visible(guest.getByTestId('readlog-not-found'));
      expect(((await readLog(guest, poster.id)) as unknown as { status: { code: string } }).status.code).toBe(
        'E-404',
      );
      await check('readlog-12-guest-not-found', guest);
    } finally {
      await guestContext.close();
    }
  });
});
