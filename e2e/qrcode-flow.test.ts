import fs from 'node:fs';
import { IMAGE_FORMATS } from '@qrqr/shared/qr-constants';
import { qrSizing } from '@qrqr/shared/qr-sizing';
import type { QrCodeDto, QrListData } from '@qrqr/shared/qrcode-schemas';
import { utf8Length } from '@qrqr/shared/text';
import { wifiPayload } from '@qrqr/shared/wifi-payload';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeShot, screenshot, seriousA11yViolations, takenOver } from './support/browser';
import { decodeQrImage } from './support/qr-decode';
import type { RunningServer } from './support/server';
import { startSession } from './support/session';
import { signUpFromScreen } from './support/sign-up';

/**
 * The QR manager in Japanese, in real Chromium against the real server: a guest creates URL, text
 * and Wi-Fi codes, downloads every image format (PNG and JPEG decoded back to the payload), signs
 * up carrying the codes over, then manages them in the member's list. Every screen is photographed
 * (e2e/artifacts/qr-*) and checked with axe, on a desktop and on a 375 px phone.
 */

const email = `shop-${Date.now()}@example.jp`;
const urlContent = 'https://example.com/qrqr-e2e?from=poster';
const newTarget = 'https://example.com/menu/autumn';
const textContent = '本日のおすすめ：抹茶ラテ 500円\n営業時間 10:00〜19:00（水曜定休）';
// Every character the Wi-Fi payload must escape: \ ; , : "
const ssid = 'Cafe;Wi,Fi:"5G"\\';
const wifiPassword = 'p;a,s:s"w\\rd';

let server: RunningServer;
let page: Page;
let stop: (() => Promise<void>) | undefined;

/**
 * Photographs and audits the screen. An open dialog is photographed as the viewport shows it (a
 * full-page photo would stretch the page behind the fixed overlay).
 */
async function check(name: string, options: { dialog?: boolean } = {}) {
  await page.waitForLoadState('networkidle');
  // A notification fading in or out is half transparent: transitions jump to their end while
  // axe measures contrast (as checkScreen does), and dialogs are photographed fully drawn.
  const noTransitions = await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; }',
  });
  try {
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await screenshot(page, name, { fullPage: !options.dialog });
    expect(await seriousA11yViolations(page), `axe on ${name}`).toEqual([]);
  } finally {
    await noTransitions.evaluate((style) => (style as Element).remove()).catch(() => undefined);
  }
}

async function noHorizontalOverflow() {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The codes this browser sees (guest history or the member's list), through the page's cookies. */
async function listData(query = ''): Promise<QrListData> {
  const res = await page.request.get(`${server.url}/qrcode/list/data${query}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()) as QrListData;
}

async function codeWhere(match: (code: QrCodeDto) => boolean): Promise<QrCodeDto> {
  const code = (await listData()).qrcodes.find(match);
  if (!code) throw new Error('code not found in the list');
  return code;
}

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible()).toBe(true);
const urlForm = () => page.getByTestId('create-form-url');
const textForm = () => page.getByTestId('create-form-text');
const wifiForm = () => page.getByTestId('create-form-wifi');

/** Downloads through the dialog's plain link and returns the file and its suggested name. */
async function download(format: number): Promise<{ bytes: Uint8Array; name: string }> {
  await page.getByTestId('download-format').selectOption(String(format));
  const link = page.getByTestId('download-link');
  await expect.poll(() => link.getAttribute('href')).toContain(`type=${format}`);
  const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const saved = await file.path();
  return { bytes: new Uint8Array(fs.readFileSync(saved)), name: file.suggestedFilename() };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date in Tokyo, the days the list's date filters count in. */
function tokyoToday(): { year: number; month: number; day: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

beforeAll(async () => {
  ({ server, page, stop } = await startSession({ acceptDownloads: true }));
});

afterAll(() => stop?.());

describe('QR code manager in Japanese', () => {
  it('sends a guest who opens the list to sign-in', async () => {
    await page.goto(`${server.url}/qrcode/list`);
    await page.waitForURL(/\/auth\/qrqrid\/signin\?next=%2Fqrcode%2Flist/);
  });

  it('shows the top page with the create form, news and free-account boxes', async () => {
    await page.goto(server.url);
    await visible(urlForm());
    await expect.poll(() => page.getByTestId('byte-counter').first().textContent()).toBe('0 / 2331 バイト');
    await visible(page.getByTestId('free-account'));
    await visible(page.getByTestId('news-empty'));
    await visible(page.getByTestId('history-empty'));
    await check('qr-01-top-guest-url');
  });

  it('creates a URL code with redirect analysis after the two URL errors', async () => {
    const form = urlForm();
    await form.getByTestId('create-submit').click();
    await visible(form.getByText('URLを入力してください'));
    await form.locator('input[name="url"]').fill('hello');
    await form.getByTestId('create-submit').click();
    await visible(form.getByText('URLを正しく入力してください'));

    await form.locator('input[name="url"]').fill(urlContent);
    await expect
      .poll(() => form.getByTestId('byte-counter').textContent())
      .toBe(`${utf8Length(urlContent)} / 2331 バイト`);
    await form.locator('input[name="title"]').fill('店頭ポスター');
    await form.getByTestId('analysis-redirect').check();
    await form.getByTestId('create-submit').click();

    const card = page.getByTestId('result-card');
    await visible(card);
    expect(await card.getByTestId('result-content').textContent()).toBe(urlContent);
    expect(await card.getByTestId('result-analysis').textContent()).toBe('リダイレクト方式');
    expect(await card.getByTestId('result-redirect').textContent()).toMatch(
      new RegExp(`^${server.url.replace(/[.:/]/g, '\\$&')}/r/\\w{7,}$`),
    );
    await visible(card.getByTestId('result-image'));
    await check('qr-02-result-url');
    await readmeShot(page, 'qr-manager');
  });

  it('creates a Japanese text code, counting UTF-8 bytes and refusing too much', async () => {
    await page.getByTestId('create-another').click();
    await page.getByTestId('tab-text').click();
    const form = textForm();
    const area = form.locator('textarea[name="text"]');
    await area.fill('あ'.repeat(800));
    const counter = form.getByTestId('byte-counter');
    await expect.poll(() => counter.textContent()).toContain('2400 / 2331 バイト');
    expect(await counter.getAttribute('data-over')).toBe('true');
    const tooLong = form.getByText('文字数が多すぎます。短くしてください');
    await visible(tooLong);
    await form.getByTestId('create-submit').click();
    // The field error takes over from the counter's note: the message is said once.
    await expect.poll(() => page.locator('textarea[name="text"][aria-invalid="true"]').count()).toBe(1);
    expect(await tooLong.count()).toBe(1);

    await area.fill(textContent);
    await expect.poll(() => counter.textContent()).toBe(`${utf8Length(textContent)} / 2331 バイト`);
    await check('qr-03-top-guest-text');
    await form.getByTestId('create-submit').click();
    const card = page.getByTestId('result-card');
    await visible(card);
    expect(await card.getByTestId('result-content').textContent()).toBe(textContent);
    expect(await card.getByTestId('result-analysis').textContent()).toBe('なし');
  });

  it('creates a Wi-Fi code whose SSID and password need escaping', async () => {
    await page.getByTestId('create-another').click();
    await page.getByTestId('tab-wifi').click();
    const form = wifiForm();
    await form.locator('input[name="name"]').fill('店内Wi-Fi');
    await form.locator('input[name="ssid"]').fill(ssid);
    await form.locator('input[name="password"]').fill('short');
    await form.getByTestId('create-submit').click();
    await visible(form.getByText('パスワードを正しく入力してください'));
    await form.locator('input[name="password"]').fill(wifiPassword);
    await check('qr-04-top-guest-wifi');
    await form.getByTestId('create-submit').click();
    const card = page.getByTestId('result-card');
    await visible(card);
    expect(await card.getByTestId('result-content').textContent()).toBe(ssid);
    await check('qr-05-result-wifi');
  });

  it('shows the sizing figures and downloads PNG, JPEG, EPS and SVG that hold the payload', async () => {
    const wifi = await codeWhere((c) => c.tab === 2);
    const payload = wifiPayload({ ssid, password: wifiPassword, encryption: 'WPA', hidden: false });
    expect(wifi.payload).toBe(payload);

    await page.getByTestId('result-download').click();
    const dialog = page.getByTestId('download-dialog');
    await visible(dialog);
    const s = qrSizing({ version: wifi.version, cellSize: 10, margin: 4, dpi: 300 });
    const figure = (id: string) => dialog.getByTestId(`sizing-${id}`).textContent();
    expect(await figure('version')).toBe(String(wifi.version));
    expect(await figure('cells')).toBe(`${s.cells} × ${s.cells}`);
    expect(await figure('code-region')).toBe(
      `${s.codeRegionMm.toFixed(2)} × ${s.codeRegionMm.toFixed(2)} mm`,
    );
    expect(await figure('cell-mm')).toBe('0.85 mm');
    // The Wi-Fi frame makes the image larger than the code; the figure must match the real file.
    const imagePx = await figure('image-px');
    expect(imagePx).toMatch(/^\d+ × \d+ px$/);
    expect(await dialog.getByTestId('download-dpi').isDisabled()).toBe(true);
    await check('qr-06-download-dialog', { dialog: true });

    // Out of range: the message of the shared schema, and no link to follow.
    await dialog.getByTestId('download-cell-size').fill('0');
    await visible(dialog.getByText('セルサイズは1〜50ピクセルで指定してください'));
    expect(await dialog.getByTestId('download-link').getAttribute('href')).toBeNull();
    await dialog.getByTestId('download-cell-size').fill('10');

    // DPI counts for EPS only, and changes the printed size.
    await dialog.getByTestId('download-format').selectOption(String(IMAGE_FORMATS.eps));
    await dialog.getByTestId('download-dpi').fill('600');
    await expect.poll(() => figure('cell-mm')).toBe('0.42 mm');
    await dialog.getByTestId('download-dpi').fill('300');

    const png = await download(IMAGE_FORMATS.png);
    expect(png.name).toMatch(/\.png$/);
    expect(Array.from(png.bytes.slice(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(await decodeQrImage(png.bytes)).toEqual([payload]);
    const ihdr = new DataView(png.bytes.buffer, png.bytes.byteOffset + 16, 8);
    expect(imagePx).toBe(`${ihdr.getUint32(0)} × ${ihdr.getUint32(4)} px`);
    expect(ihdr.getUint32(0)).toBeGreaterThanOrEqual(s.imagePixels);

    const jpeg = await download(IMAGE_FORMATS.jpeg);
    expect(jpeg.name).toMatch(/\.jpe?g$/);
    expect(Array.from(jpeg.bytes.slice(0, 2))).toEqual([0xff, 0xd8]);
    expect(await decodeQrImage(jpeg.bytes)).toEqual([payload]);

    const eps = await download(IMAGE_FORMATS.eps);
    expect(eps.name).toMatch(/\.eps$/);
    expect(Buffer.from(eps.bytes).toString('latin1')).toMatch(/^%!PS-Adobe-3\.0 EPSF-3\.0/);

    const svg = await download(IMAGE_FORMATS.svg);
    expect(svg.name).toMatch(/\.svg$/);
    expect(Buffer.from(svg.bytes).toString('utf8')).toMatch(/^(<\?xml[^>]*>\s*)?<svg[\s>]/);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
  });

  it('lists the guest history with its cookie warning; the redirect code downloads too', async () => {
    const history = page.getByTestId('guest-history');
    await expect.poll(() => history.getByTestId('code-row').count()).toBe(3);
    expect(await page.getByTestId('history-warning').textContent()).toContain('1日間');

    const redirect = await codeWhere((c) => c.tab === 0);
    expect(redirect.payload).toBe(redirect.redirect_url);
    await history
      .getByTestId('code-row')
      .filter({ hasText: '店頭ポスター' })
      .getByTestId('history-download')
      .click();
    const png = await download(IMAGE_FORMATS.png);
    expect(await decodeQrImage(png.bytes)).toEqual([redirect.payload]);
    await page.keyboard.press('Escape');
  });

  it('offers the channel service and a bookmarklet that fills the URL tab', async () => {
    await page.getByTestId('create-another').click();
    await page.getByTestId('tab-channel').click();
    await visible(page.getByTestId('channel-tab'));
    expect(await page.getByTestId('channel-go').getAttribute('href')).toBe('/qrchannel/register/');
    await check('qr-07-top-guest-channel');

    await page.getByTestId('tab-bookmarklet').click();
    const link = page.getByTestId('bookmarklet-link');
    await visible(link);
    await expect.poll(() => link.getAttribute('href')).toContain('javascript:');
    expect(await link.getAttribute('href')).toContain(`${server.url}/?url=`);
    expect(await link.textContent()).toBe('QRQRでQRコード作成');
    await check('qr-08-top-guest-bookmarklet');

    const target = 'https://example.org/menu?lang=ja&x=1';
    await page.goto(`${server.url}/?url=${encodeURIComponent(target)}`);
    await expect.poll(() => urlForm().locator('input[name="url"]').inputValue()).toBe(target);
  });

  it('fits a 375 px phone as a guest', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(server.url);
    await expect.poll(() => page.getByTestId('guest-history').getByTestId('code-row').count()).toBe(3);
    await noHorizontalOverflow();
    await check('qr-09-top-guest-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('signs up carrying the codes over into the new account', async () => {
    await page.goto(`${server.url}/auth/qrqrid/signup`);
    const carry = page.getByTestId('carry-over');
    await visible(carry);
    expect(await carry.isChecked()).toBe(true);
    await check('qr-10-signup-carry-over');
    await signUpFromScreen(page, server.url, { email, userName: '喫茶さくら', password: 'sakura2026' });
  });

  it('opens the account menu clicked while its code is still loading', async () => {
    // The menu's code comes after the first paint; until then its button stands alone. A click on
    // it then is kept, and the menu opens once the code arrives (it used to be lost).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const chunk = '**/assets/account-menu-*.js';
    await page.route(chunk, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(server.url, { waitUntil: 'commit' });
      await visible(page.getByTestId('account-menu'));
      await page.getByTestId('account-menu').click();
      expect(await page.getByRole('menuitem').count()).toBe(0);
      release();
      await visible(page.getByRole('menuitem', { name: 'QRコード一覧' }));
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('menu').count()).toBe(0);
    } finally {
      release();
      await page.unroute(chunk);
    }
  });

  it('shows the three codes in the member list, reached from the account menu', async () => {
    await page.goto(server.url);
    await visible(page.getByTestId('member-box'));
    expect(await page.getByTestId('free-account').count()).toBe(0);
    expect(await page.getByTestId('guest-history').count()).toBe(0);
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'QRコード一覧' }).click();
    await page.waitForURL('**/qrcode/list');
    const rows = page.getByTestId('code-table').getByTestId('code-row');
    await expect.poll(() => rows.count()).toBe(3);
    await visible(rows.filter({ hasText: '店頭ポスター' }));
    await visible(rows.filter({ hasText: '店内Wi-Fi' }));
    await visible(rows.filter({ hasText: 'タイトルなし' }));
    await check('qr-11-list-desktop');
  });

  it('renames a code, changes a redirect target and deletes with confirmation', async () => {
    const rows = page.getByTestId('code-row');
    const act = async (hasText: string, action: string) => {
      await rows.filter({ hasText }).getByTestId('row-actions').click();
      await page.getByTestId(`action-${action}`).click();
    };

    await act('抹茶ラテ', 'title');
    await page.getByTestId('title-input').fill('季節のドリンク');
    await page.getByTestId('title-save').click();
    await visible(rows.filter({ hasText: '季節のドリンク' }).getByTestId('code-title'));
    await expect.poll(() => rows.filter({ hasText: 'タイトルなし' }).count()).toBe(0);

    // Only the URL code measured by redirect may change its destination.
    await rows.filter({ hasText: '店内Wi-Fi' }).getByTestId('row-actions').click();
    // The menu is open (its title action shows) before its missing item is counted.
    await visible(page.getByTestId('action-title'));
    expect(await page.getByTestId('action-redirect').count()).toBe(0);
    await page.keyboard.press('Escape');
    // Closed before the next row's menu is opened, or its dropdown would take that click.
    await expect.poll(() => page.getByRole('menu').count()).toBe(0);

    await act('店頭ポスター', 'redirect');
    const input = page.getByTestId('redirect-input');
    await input.fill('not a url');
    await page.getByTestId('redirect-save').click();
    await visible(page.getByText('URLを正しく入力してください'));
    await check('qr-12-redirect-dialog', { dialog: true });
    await input.fill(newTarget);
    await page.getByTestId('redirect-save').click();
    await visible(rows.filter({ hasText: newTarget }));
    const redirect = await codeWhere((c) => c.tab === 0);
    const hop = await fetch(redirect.redirect_url as string, { redirect: 'manual' });
    expect(hop.status).toBe(302);
    expect(hop.headers.get('location')).toBe(newTarget);

    await act('店内Wi-Fi', 'delete');
    const confirm = page.getByTestId('delete-dialog');
    await visible(confirm);
    await check('qr-13-delete-confirm', { dialog: true });
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await expect.poll(() => confirm.count()).toBe(0);
    expect(await rows.count()).toBe(3);
    await act('店内Wi-Fi', 'delete');
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.filter({ hasText: '店内Wi-Fi' }).count()).toBe(0);
  });

  it('searches by title and shows the empty shared tab', async () => {
    const rows = page.getByTestId('code-row');
    await page.getByTestId('filter-title').fill('店頭');
    await page.getByTestId('filter-search').click();
    await page.waitForURL(/title=/);
    await expect.poll(() => rows.count()).toBe(1);
    await visible(rows.filter({ hasText: '店頭ポスター' }));

    await page.getByTestId('filter-title').fill('存在しないタイトル');
    await page.getByTestId('filter-search').click();
    await visible(page.getByTestId('list-empty'));
    await page.getByRole('button', { name: '条件をクリア' }).first().click();
    await expect.poll(() => rows.count()).toBe(2);

    await page.getByTestId('list-tab-shared').click();
    await visible(page.getByTestId('list-empty'));
    await check('qr-14-list-shared-empty');
    await page.getByTestId('list-tab-all').click();
    await expect.poll(() => rows.count()).toBe(2);
  });

  it('filters by created date with the Japanese calendar, refusing an end before the start', async () => {
    const rows = page.getByTestId('code-row');
    const from = page.getByTestId('filter-from');
    const to = page.getByTestId('filter-to');
    const today = tokyoToday();
    const lastMonth =
      today.month === 1 ? { year: today.year - 1, month: 12 } : { ...today, month: today.month - 1 };
    const dayLabel = (d: { year: number; month: number }, day: number) => `${d.year}年${d.month}月${day}日`;

    await from.click();
    await visible(page.getByText(`${today.year}年${today.month}月`));
    await check('qr-23-list-calendar', { dialog: true });
    await page.getByRole('button', { name: dayLabel(today, today.day), exact: true }).click();
    expect(await from.textContent()).toBe(`${today.year}-${pad(today.month)}-${pad(today.day)}`);
    await page.getByTestId('filter-search').click();
    await page.waitForURL(/from=\d{4}-\d{2}-\d{2}/);
    await expect.poll(() => rows.count()).toBe(2);

    // An end date in last month is before the start: the inline message, and no search.
    await to.click();
    await page.getByRole('button', { name: '前の月' }).click();
    await page.getByRole('button', { name: dayLabel(lastMonth, 1), exact: true }).click();
    await page.getByTestId('filter-search').click();
    await visible(page.getByText('終了日を開始日より前に設定することはできません'));
    expect(page.url()).not.toContain('to=');

    // Without the start, "until the 1st of last month" holds none of today's codes.
    await page.getByRole('button', { name: '作成日（から）を消去' }).click();
    await page.getByTestId('filter-search').click();
    await page.waitForURL(/to=\d{4}-\d{2}-01/);
    await visible(page.getByTestId('list-empty'));
    await page.getByRole('button', { name: '条件をクリア' }).first().click();
    await expect.poll(() => rows.count()).toBe(2);
  });

  it('fits a 375 px phone as a member: top page, list cards and the download dialog', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(server.url);
    await visible(page.getByTestId('create-panel'));
    await noHorizontalOverflow();
    await check('qr-15-top-member-phone');

    await page.goto(`${server.url}/qrcode/list`);
    // Counted on the app's screen, not on the wide one the server painted (hidden at 375 px).
    await takenOver(page);
    const cards = page.getByTestId('code-row');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await page.getByTestId('code-table').count()).toBe(0);
    await noHorizontalOverflow();
    await check('qr-16-list-phone');
    // The date filter's calendar opens as a dialog named by its field.
    await page.getByTestId('filter-from').click();
    await visible(page.getByRole('dialog', { name: '作成日（から）' }));
    await check('qr-24-list-calendar-phone', { dialog: true });
    await page.keyboard.press('Escape');

    await cards.filter({ hasText: '店頭ポスター' }).getByTestId('row-actions').click();
    await page.getByTestId('action-download').click();
    await visible(page.getByTestId('download-dialog'));
    await check('qr-17-download-dialog-phone', { dialog: true });
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('pages through the list 20 codes at a time', async () => {
    await page.goto(`${server.url}/qrcode/list`);
    const token = await page.getAttribute('meta[name="csrf-token"]', 'content');
    for (let i = 1; i <= 20; i += 1) {
      const res = await page.request.post(`${server.url}/qrcode/create/`, {
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': token ?? '' },
        data: { tab: 1, text: `在庫メモ ${i}`, title: `メモ${String(i).padStart(2, '0')}` },
      });
      expect(res.ok()).toBe(true);
    }
    await page.reload();
    const rows = page.getByTestId('code-row');
    await expect.poll(() => rows.count()).toBe(20);
    // The painted list shows its rows before the app takes it over; Chromium's app then drops the
    // painted text's phrase marks (U+200B), so the count is read from the app's own page.
    await takenOver(page);
    expect(await page.getByTestId('list-count').textContent()).toBe('全22件（1 / 2ページ）');
    const pager = page.getByTestId('pager');
    expect(await pager.getByRole('button', { name: /ページ目$/ }).count()).toBe(2);
    expect(await pager.locator('[aria-current="page"]').textContent()).toBe('1');
    await pager.getByRole('button', { name: '次へ' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await pager.locator('[aria-current="page"]').textContent()).toBe('2');
    expect(await pager.getByRole('button', { name: '次へ' }).isDisabled()).toBe(true);
    await check('qr-18-list-page-2');
  });

  it('shows the service pages, with or without the trailing slash', async () => {
    await page.goto(`${server.url}/service/news`);
    await visible(page.getByTestId('news-empty'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('お知らせ');
    await check('qr-19-service-news');

    // The footer's privacy link: the section is scrolled into view once the page has drawn it.
    await page.goto(`${server.url}/service/terms/#privacy`);
    await expect
      .poll(() =>
        page.evaluate(() => document.getElementById('privacy')?.getBoundingClientRect().top ?? 9999),
      )
      .toBeLessThan(120);
    await page.goto(`${server.url}/service/terms/`);
    await visible(page.getByTestId('terms-page'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('利用規約');
    await visible(page.locator('#privacy'));
    await check('qr-20-service-terms');

    await page.goto(`${server.url}/service/about/`);
    await visible(page.locator('#faq'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('QRQRについて');
    await check('qr-21-service-about');

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.url}/service/about`);
    await visible(page.locator('#faq'));
    await noHorizontalOverflow();
    await check('qr-22-service-about-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });
});
