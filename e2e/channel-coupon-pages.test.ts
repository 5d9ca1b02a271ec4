import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { tokyoDate } from '@qrqr/shared/coupon-constants';
import { completeJan } from '@qrqr/shared/jan';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { checkScreen, screenshot, takenOver } from './support/browser';
import { pickDay } from './support/pick-day';
import { gradientPng } from './support/png';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, startSession } from './support/session';
import { signUpThroughApi } from './support/sign-up';

/**
 * The coupon library grown past one screen: 20 a page with 3 page buttons, search by
 * item name, each coupon's state (valid, not yet valid, expired) and a filter by it; edit and
 * copy; the warning before saving a coupon whose whole period is past; the picture's error
 * keeping the coupon from saving; numbers typed full-width read, and out-of-range ones named
 * instead of changed. At 375 px in Japanese and on desktop in English.
 */

const stamp = Date.now();
let server: RunningServer;
let page: Page;
let context: BrowserContext;
let stop: (() => Promise<void>) | undefined;
let channelId = 0;
let svgPath = '';
let pngPath = '';

const DAY = 86_400_000;
const day = (offset: number) => tokyoDate(Date.now() + offset * DAY);
const url = (p: string, extra = '') => `${server.url}${p}?channel_id=${channelId}${extra}`;
const field = (name: string) => page.getByTestId(`field-${name}`);
const tiles = () => page.getByTestId('coupon-tile');
const wide = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));

interface Library {
  coupons: Array<Record<string, unknown> & { coupon_img_id: number; coupon_content: string }>;
  total_count: number;
  stored_count: number;
}
const library = (query = '') =>
  apiCall<Library>(page, 'GET', `/api/qrchannel/${channelId}/coupon/image/get${query}`);

beforeAll(async () => {
  ({ server, page, context, stop } = await startSession({ viewport: PHONE }));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coupon-pages-'));
  svgPath = path.join(dir, 'logo.svg');
  fs.writeFileSync(svgPath, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
  pngPath = path.join(dir, 'red.png');
  fs.writeFileSync(pngPath, gradientPng(240, 160));
  await signUpThroughApi(page, server.url, {
    email: `coupon-pages-${stamp}@example.jp`,
    userName: '喫茶店主',
    password: 'coupon2026',
  });
  await page.goto(server.url);
  await apiCall(page, 'POST', '/api/qrchannel/service/register', { terms_accepted: true });
  const answer = await apiCall<{ channel: { channel_id: number } }>(page, 'POST', '/api/qrchannel/channel', {
    channel_name: '喫茶こもれび',
    channel_user_type: 2,
  });
  channelId = answer.channel.channel_id;
  // 45 coupons, oldest first: by threes one past, one valid today, one still to come.
  const periods = [
    [day(-30), day(-1)],
    [day(-1), day(10)],
    [day(5), day(40)],
  ] as const;
  for (let i = 1; i <= 45; i++) {
    const [from, to] = periods[(i - 1) % 3] ?? periods[0];
    const saved = await apiCall<{ status: { code: string } }>(
      page,
      'POST',
      `/api/qrchannel/${channelId}/coupon/image/save`,
      {
        coupon_image_data: {
          coupon_type: 4,
          coupon_content: `${i % 2 ? 'ランチ' : 'ケーキ'} ${String(i).padStart(2, '0')}`,
          coupon_available_count: 1,
          coupon_code_type: 4,
          coupon_date_from: from,
          coupon_date_to: to,
        },
      },
    );
    expect(saved.status.code).toBe('S-200');
  }
});

afterAll(() => stop?.());

describe('the library in pages at 375 px, in Japanese', () => {
  it('shows 20 a page with 3 page buttons, each coupon with its state', async () => {
    await page.goto(url('/qrchannel/coupon/list'));
    // Counted on the app's screen, not on the wide one the server painted (hidden at 375 px).
    await takenOver(page);
    await expect.poll(() => tiles().count()).toBe(20);
    const pager = page.getByTestId('pager');
    expect(await pager.getByRole('button', { name: /ページ目$/ }).allTextContents()).toEqual(['1', '2', '3']);
    expect(await page.getByTestId('coupon-storage').textContent()).toBe('保存数 45 / 100');
    expect(await page.getByTestId('coupon-match-count').textContent()).toBe('45件');
    // Newest first: 45 (still to come), 44 (valid), 43 (past).
    const first = tiles().nth(0);
    expect(await first.textContent()).toContain('ランチ 45');
    expect(await first.getByTestId('coupon-state').textContent()).toBe('開始前');
    expect(await tiles().nth(1).getByTestId('coupon-state').textContent()).toBe('有効');
    expect(await tiles().nth(2).getByTestId('coupon-state').textContent()).toBe('期限切れ');
    await checkScreen(page, 'coupon-pages-01-list-phone-ja');
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(9000);

    await pager.getByRole('button', { name: '3ページ目' }).click();
    await expect.poll(() => tiles().count()).toBe(5);
    expect(await tiles().nth(4).textContent()).toContain('ランチ 01');
    expect(await pager.locator('[aria-current="page"]').textContent()).toBe('3');
    await checkScreen(page, 'coupon-pages-02-page3-phone-ja');
  });

  it('searches item names and narrows by state on the server', async () => {
    await page.getByTestId('coupon-search').fill('ケーキ 1');
    await expect.poll(() => page.getByTestId('coupon-match-count').textContent()).toBe('5件');
    expect(await tiles().allTextContents()).toEqual([
      expect.stringContaining('ケーキ 18'),
      expect.stringContaining('ケーキ 16'),
      expect.stringContaining('ケーキ 14'),
      expect.stringContaining('ケーキ 12'),
      expect.stringContaining('ケーキ 10'),
    ]);
    expect(await page.getByTestId('pager').count()).toBe(0);
    await page.getByTestId('coupon-search').fill('');
    await page.getByTestId('coupon-state-filter').selectOption('expired');
    await expect.poll(() => page.getByTestId('coupon-match-count').textContent()).toBe('15件');
    expect(await page.getByTestId('coupon-state').allTextContents()).toEqual(Array(15).fill('期限切れ'));
    await page.getByTestId('coupon-search').fill('存在しない');
    await page.getByTestId('coupons-none-match').waitFor();
    await checkScreen(page, 'coupon-pages-03-none-match-phone-ja');
    await page.getByTestId('coupon-search').fill('');
    await page.getByTestId('coupon-state-filter').selectOption('');
    await expect.poll(() => page.getByTestId('coupon-match-count').textContent()).toBe('45件');
  });
});

describe('the create form at 375 px, in Japanese', () => {
  it('offers 「画像を選ぶ」 and refuses to save while the picture shows its error', async () => {
    await page.goto(url('/qrchannel/coupon/create'));
    const choose = page.getByTestId('coupon-picture-choose');
    expect(await choose.textContent()).toBe('画像を選ぶ');
    await checkScreen(page, 'coupon-pages-04-create-phone-ja');
    await field('coupon_content').fill('ピクチャ');
    await field('coupon_value_percent').fill('10');
    await field('coupon_code_text').fill('PICTURE');
    await page.getByTestId('coupon-picture-field').locator('input[type="file"]').setInputFiles(svgPath);
    const error = page.getByTestId('coupon-picture-error');
    await error.waitFor();
    expect(await error.textContent()).toContain('JPEG・PNG・WebP・GIF');
    await page.getByTestId('coupon-save').first().click();
    // Not saved: the form stays, the picture's choose button takes the focus.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('coupon-picture-choose');
    expect(await page.getByTestId('coupon-create-page').isVisible()).toBe(true);
    expect(await page.getByText('クーポンを保存しました').count()).toBe(0);
    expect((await library()).stored_count).toBe(45);
    await screenshot(page, 'coupon-pages-05-picture-error-phone-ja', { fullPage: false });
    // A picture that can be used clears the error, and the coupon saves with it.
    await page.getByTestId('coupon-picture-field').locator('input[type="file"]').setInputFiles(pngPath);
    await error.waitFor({ state: 'detached' });
    expect(await choose.textContent()).toBe('画像を変更');
    await page.getByTestId('coupon-save').first().click();
    await page.getByTestId('coupon-list-page').waitFor();
    const saved = (await library('?keyword=ピクチャ')).coupons[0];
    expect(saved?.coupon_image_url).toMatch(/^\/api\/image\//);
  });

  it('reads full-width digits, and names 101 % and 12.5 % instead of changing them', async () => {
    await page.goto(url('/qrchannel/coupon/create'));
    await field('coupon_content').fill('全角');
    await field('coupon_value_percent').fill('１０１');
    expect(await field('coupon_value_percent').inputValue()).toBe('101');
    await field('coupon_value_percent').blur();
    await page.getByTestId('coupon-save').first().click();
    await page.getByText('割引率は1〜99%の整数で入力してください').waitFor();
    // Kept as typed: nothing clamps it to 99.
    expect(await field('coupon_value_percent').inputValue()).toBe('101');
    await field('coupon_value_percent').fill('12.5');
    await page.getByText('割引率は1〜99%の整数で入力してください').waitFor();
    expect(await field('coupon_value_percent').inputValue()).toBe('12.5');
    await screenshot(page, 'coupon-pages-06-percent-101-phone-ja', { fullPage: false });
    await field('coupon_value_percent').fill('１０');
    expect(await field('coupon_value_percent').inputValue()).toBe('10');
    await field('coupon_code_type').selectOption('2');
    const jan = completeJan('200000054321');
    await field('coupon_code_text').fill(wide(jan));
    expect(await field('coupon_code_text').inputValue()).toBe(jan);
    await page.getByTestId('coupon-save').first().click();
    await page.getByTestId('coupon-list-page').waitFor();
    expect((await library('?keyword=全角')).coupons[0]).toMatchObject({
      coupon_value_percent: 10,
      coupon_code_type: 2,
      coupon_code_text: jan,
    });
  });

  it('refuses ¥100,000,000 with its rule', async () => {
    await page.goto(url('/qrchannel/coupon/create'));
    await field('coupon_content').fill('高額');
    await field('coupon_type').selectOption('2');
    await field('coupon_value_off').fill('１００００００００');
    await field('coupon_code_type').selectOption('4');
    await page.getByTestId('coupon-save').first().click();
    await page.getByText('割引額は1〜99,999,999円の整数で入力してください').waitFor();
    expect(await field('coupon_value_off').inputValue()).toBe('100000000');
  });
});

describe('edit, copy and the past period on desktop, in English', () => {
  it('edits a coupon in place', async () => {
    await context.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.setViewportSize(DESKTOP);
    await page.goto(url('/qrchannel/coupon/list'));
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('en');
    await expect.poll(() => tiles().count()).toBe(20);
    expect(await page.getByTestId('coupon-storage').textContent()).toBe('Stored 47 / 100');
    expect(await page.getByTestId('coupon-state').allTextContents()).toEqual(
      expect.arrayContaining(['Valid', 'Not yet valid', 'Expired']),
    );
    await checkScreen(page, 'coupon-pages-07-list-desktop-en');
    const tile = tiles().filter({ hasText: 'ケーキ 44' });
    await tile.getByTestId('coupon-edit').click();
    await page.getByText('Edit coupon').first().waitFor();
    expect(await field('coupon_content').inputValue()).toBe('ケーキ 44');
    await field('coupon_content').fill('Cake 44 (edited)');
    await checkScreen(page, 'coupon-pages-08-edit-desktop-en');
    await page.getByTestId('coupon-save').click();
    await page.getByTestId('coupon-list-page').waitFor();
    await page.getByText('Coupon updated').waitFor();
    await tiles().filter({ hasText: 'Cake 44 (edited)' }).waitFor();
    const after = await library();
    expect(after.stored_count).toBe(47);
    expect(after.coupons.some((c) => c.coupon_content === 'ケーキ 44')).toBe(false);
  });

  it('copies a coupon into a new one, the original kept', async () => {
    const tile = tiles().filter({ hasText: 'Cake 44 (edited)' });
    await tile.getByTestId('coupon-copy').click();
    await page.getByTestId('coupon-copy-note').waitFor();
    expect(await field('coupon_content').inputValue()).toBe('Cake 44 (edited)');
    await field('coupon_content').fill('Cake 44 (copy)');
    await checkScreen(page, 'coupon-pages-09-copy-desktop-en');
    await page.getByTestId('coupon-save').click();
    await page.getByTestId('coupon-list-page').waitFor();
    await tiles().filter({ hasText: 'Cake 44 (copy)' }).waitFor();
    const after = await library('?keyword=cake 44');
    expect(after.coupons.map((c) => c.coupon_content).sort()).toEqual(['Cake 44 (copy)', 'Cake 44 (edited)']);
    expect(after.coupons[0]?.coupon_img_id).not.toBe(after.coupons[1]?.coupon_img_id);

    // A copy takes the picture with it, as a picture of its own.
    await tiles().filter({ hasText: 'ピクチャ' }).getByTestId('coupon-copy').click();
    await page.getByTestId('coupon-copy-note').waitFor();
    await page.getByTestId('coupon-picture-field').getByRole('img').waitFor();
    await field('coupon_content').fill('Picture copy');
    await page.getByTestId('coupon-save').click();
    await page.getByTestId('coupon-list-page').waitFor();
    const [original] = (await library('?keyword=ピクチャ')).coupons;
    const [copy] = (await library('?keyword=picture copy')).coupons;
    expect(copy?.coupon_image_url).toMatch(/^\/api\/image\//);
    expect(copy?.coupon_img_id).not.toBe(original?.coupon_img_id);
  });

  it('asks before saving a coupon whose whole period is past', async () => {
    await page.goto(url('/qrchannel/coupon/create'));
    await field('coupon_content').fill('Last summer');
    await field('coupon_type').selectOption('5');
    await field('coupon_code_type').selectOption('4');
    await pickDay(page, 'field-coupon_date_from', day(-60));
    await pickDay(page, 'field-coupon_date_to', day(-31));
    await page.getByTestId('coupon-save').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('The validity period is already over').waitFor();
    await screenshot(page, 'coupon-pages-10-past-warning-desktop-en', { fullPage: false });
    // Fixing the period first: nothing saved.
    await dialog.getByRole('button', { name: 'Fix the period' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await library('?keyword=last summer')).total_count).toBe(0);
    await page.getByTestId('coupon-save').click();
    await dialog.getByRole('button', { name: 'Save anyway' }).click();
    await page.getByTestId('coupon-list-page').waitFor();
    const tile = tiles().filter({ hasText: 'Last summer' });
    await tile.waitFor();
    expect(await tile.getByTestId('coupon-state').textContent()).toBe('Expired');
    // A period still running saves without asking.
    await page.goto(url('/qrchannel/coupon/create'));
    await field('coupon_content').fill('This week');
    await field('coupon_type').selectOption('5');
    await field('coupon_code_type').selectOption('4');
    await page.getByTestId('coupon-save').click();
    await page.getByTestId('coupon-list-page').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('refuses 101 % in English, by name', async () => {
    await page.goto(url('/qrchannel/coupon/create'));
    await field('coupon_value_percent').fill('１０１');
    await page.getByTestId('coupon-save').click();
    await page.getByText('Enter a whole percentage from 1 to 99').waitFor();
    expect(await field('coupon_value_percent').inputValue()).toBe('101');
    await checkScreen(page, 'coupon-pages-11-percent-101-desktop-en');
  });
});
