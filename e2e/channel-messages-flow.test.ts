import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { blendCouponBody } from './support/blend-coupon';
import { checkScreen, readmeShot } from './support/browser';
import { followFromChannelPage, signUpOperatorWithChannel } from './support/operator-channel';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, type Session, startSession } from './support/session';
import { tokyoDay } from './support/tokyo-day';

/**
 * A message from the operator's screens to a follower's phone: a coupon message written and
 * previewed, reserved, reverted to a draft, reserved again and sent by the scheduler; the follower
 * (a second browser on /c/{code}) sees it unread, opens it and uses the coupon once. Then a
 * welcome message turned on reaches a new follower. Operator on a desktop in Japanese, followers
 * at 375 px in Japanese and English.
 */

const operator = { email: `flow-${Date.now()}@example.jp`, userName: '珈琲店', password: 'message2026' };
let session: Session;
let server: RunningServer;
let page: Page;
let channelId: number;
let channelCode: string;
const followers: BrowserContext[] = [];

const url = (path: string, extra = '') => `${server.url}${path}?channel_id=${channelId}${extra}`;

/** A follower's phone: its own browser context follows the channel from its page. */
async function followerPhone(locale: 'ja-JP' | 'en-US'): Promise<Page> {
  const context = await session.browser.newContext({ viewport: PHONE, locale });
  followers.push(context);
  if (locale === 'en-US') await context.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
  const phone = await context.newPage();
  await followFromChannelPage(phone, server.url, channelCode);
  return phone;
}

beforeAll(async () => {
  session = await startSession();
  ({ server, page } = session);
  ({ channelId, channelCode } = await signUpOperatorWithChannel(page, server.url, operator, '珈琲こもれび'));
  const coupon = await apiCall<{ status: { code: string } }>(
    page,
    'POST',
    `/api/qrchannel/${channelId}/coupon/image/save`,
    blendCouponBody(),
  );
  expect(coupon.status.code).toBe('S-200');
});

afterAll(async () => {
  for (const c of followers) await c.close();
  await session?.stop();
});

const row = () => page.getByTestId('message-row').first();

describe('a coupon message from the editor to a follower', () => {
  let phone: Page;

  it('is written with its preview and reserved after the recipient count', async () => {
    phone = await followerPhone('ja-JP');
    await page.setViewportSize(DESKTOP);
    await page.goto(url('/qrchannel/message/list'));
    await page.getByTestId('messages-empty').waitFor();
    await page.getByTestId('message-create').click();
    await page.getByTestId('message-push-text').fill('今週末はブレンドコーヒーが100円引きです');
    await page.getByTestId('message-layout').click();
    await page.getByRole('option', { name: 'クーポン＋テキスト', exact: true }).click();
    await page.getByTestId('message-tab-2').click();
    // Creating a coupon from here saves the draft first and comes back to it, the coupon chosen.
    await page.getByTestId('message-coupon-create').click();
    await page.getByTestId('coupon-create-page').waitFor();
    expect(page.url()).toMatch(/return_message_id=\d+/);
    await page.getByTestId('field-coupon_content').fill('カフェラテ');
    await page.getByTestId('field-coupon_value_percent').fill('10');
    await page.getByTestId('field-coupon_code_text').fill('LATTE-10');
    await page.getByTestId('coupon-save').click();
    await page.getByTestId('message-editor').waitFor();
    expect(page.url()).toMatch(/message_id=\d+/);
    expect(await page.getByTestId('message-push-text').inputValue()).toBe(
      '今週末はブレンドコーヒーが100円引きです',
    );
    await page.getByTestId('message-tab-2').click();
    expect(await page.getByTestId('message-coupon').inputValue()).toContain('カフェラテ');
    expect(await page.getByTestId('message-detail').getByTestId('coupon-card').textContent()).toContain(
      '10% OFF',
    );
    await page.getByTestId('message-coupon').click();
    await page.getByRole('option', { name: /ブレンドコーヒー/ }).click();
    await page.getByTestId('message-coupon-title').fill('週末限定クーポン');
    await page.getByTestId('message-title').fill('ご来店お待ちしています');
    await page.getByTestId('message-text').fill('お会計の際にクーポンをお見せください。');
    await readmeShot(page, 'channel-message');
    expect(await page.getByTestId('message-detail').getByTestId('coupon-card').textContent()).toContain(
      '100円引き',
    );
    // Tomorrow (Asia/Tokyo) at the time the picker offers.
    await page.getByTestId('message-tab-1').click();
    await page.getByTestId('message-send-dt').click();
    const [y, m, d] = tokyoDay(1).split('-').map(Number);
    if (tokyoDay(1).slice(0, 7) !== tokyoDay(0).slice(0, 7))
      await page.getByRole('button', { name: '次の月' }).click();
    await page.getByRole('button', { name: `${y}年${m}月${d}日`, exact: true }).click();
    await page.getByTestId('message-send-dt-ok').click();
    expect(await page.getByTestId('message-send-dt').textContent()).toContain(tokyoDay(1));
    await page.getByTestId('message-reserve').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('message-reserve-count').waitFor();
    expect(await dialog.getByTestId('message-reserve-count').textContent()).toContain('1人のフォロワー');
    await checkScreen(page, 'message-flow-01-reserve-desktop-ja');
    await dialog.getByRole('button', { name: '予約する' }).click();
    await page.getByTestId('message-list').waitFor();
    await expect.poll(() => row().getAttribute('data-status')).toBe('1');
  });

  it('goes back to a draft after the confirmation, and is reserved again', async () => {
    await row().getByTestId('message-revert').click();
    await page.getByRole('dialog').getByRole('button', { name: '予約を取り消す' }).click();
    await expect.poll(() => row().getAttribute('data-status')).toBe('0');
    await checkScreen(page, 'message-flow-02-reverted-desktop-ja');
    await row().getByTestId('message-edit').click();
    await page.getByTestId('message-push-text').waitFor();
    expect(await page.getByTestId('message-push-text').inputValue()).toBe(
      '今週末はブレンドコーヒーが100円引きです',
    );
    // Now, this time: an empty date sends at once, and the button and dialog say so.
    await page.getByRole('button', { name: '日時を空にする' }).click();
    expect(await page.getByTestId('message-reserve').textContent()).toBe('今すぐ配信する');
    await page.getByTestId('message-reserve').click();
    expect(await page.getByRole('dialog').getByTestId('message-reserve-count').textContent()).toContain(
      '今すぐ配信します',
    );
    await page.getByRole('dialog').getByRole('button', { name: '配信する', exact: true }).click();
    await page.getByTestId('message-list').waitFor();
  });

  it('is sent by the scheduler within seconds', async () => {
    await expect
      .poll(
        async () => {
          await page.reload();
          await row().waitFor();
          return row().getAttribute('data-status');
        },
        { timeout: 15_000, interval: 1000 },
      )
      .toBe('2');
    expect(await row().getByTestId('message-row-delivered').textContent()).toBe('1人に配信');
    await checkScreen(page, 'message-flow-03-sent-desktop-ja');
    // The list at 375 px: nothing wider than the phone.
    await page.setViewportSize(PHONE);
    // The app lays the page out anew for the phone once the browser says the width changed: the
    // phone header's menu button shows when it has (measured before, the desktop table was 477 px).
    await page.getByTestId('nav-burger').waitFor();
    await row().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await checkScreen(page, 'message-flow-03-sent-phone-ja');
    await page.setViewportSize(DESKTOP);
  });

  it('reaches the follower, who opens it and uses the coupon once', async () => {
    await phone.reload();
    const inboxRow = phone.getByTestId('inbox-row');
    await inboxRow.waitFor();
    expect(await inboxRow.count()).toBe(1);
    expect(await inboxRow.textContent()).toContain('今週末はブレンドコーヒーが100円引きです');
    expect(await phone.getByTestId('inbox-unread').textContent()).toBe('未読1件');
    expect((await inboxRow.locator('.qm-icon').boundingBox())?.width).toBe(40);
    await checkScreen(phone, 'message-flow-04-inbox-phone-ja');
    await inboxRow.click();
    await phone.getByTestId('message-view').getByTestId('message-detail').waitFor();
    expect(await phone.getByTestId('coupon-code-hidden').count()).toBe(1);
    // The tap asks first (the confirmation sheet); a double tap on its 「使用する」 uses it once.
    const use = phone.getByTestId('message-coupon-use');
    await use.click();
    await phone.getByTestId('coupon-sheet-use').dblclick();
    await phone.getByTestId('coupon-code-number').waitFor();
    expect(await phone.getByTestId('coupon-code-number').textContent()).toBe('4711');
    expect(await phone.getByTestId('message-coupon-state').textContent()).toBe('使用済み');
    expect(await use.count()).toBe(0);
    await checkScreen(phone, 'message-flow-05-coupon-used-phone-ja');
    await phone.getByTestId('message-back').click();
    await phone.getByTestId('inbox-row').waitFor();
    expect(await phone.getByTestId('inbox-unread').count()).toBe(0);
    expect(await phone.getByTestId('inbox-row').textContent()).toContain('使用済み');
  });

  it('once its coupon is cancelled, shows the follower the operator’s words', async () => {
    await page.goto(url('/qrchannel/message/list'));
    await row().getByTestId('message-coupon-cancel').click();
    await page.getByTestId('coupon-cancel-text').fill('在庫がなくなりました');
    await page.getByTestId('coupon-cancel-confirm').click();
    await expect.poll(() => row().textContent()).toContain('クーポン取消済み');
    await phone.reload();
    await phone.getByTestId('inbox-row').click();
    await phone.getByTestId('message-coupon-state').waitFor();
    expect(await phone.getByTestId('message-coupon-state').textContent()).toBe('取り消されました');
    expect(await phone.getByTestId('message-coupon-cancel-text').textContent()).toContain(
      '在庫がなくなりました',
    );
    expect(await phone.getByTestId('message-coupon-use').count()).toBe(0);
    await checkScreen(phone, 'message-flow-06-coupon-cancelled-phone-ja');
  });
});

describe('a welcome message', () => {
  it('once turned on reaches a new follower (en, 375 px)', async () => {
    await page.goto(url('/qrchannel/welcomemessage/create'));
    await page.getByTestId('welcome-push-text').fill('フォローありがとうございます');
    await page.getByTestId('welcome-detail-title').fill('ようこそ');
    await page.getByTestId('welcome-detail-text').fill('次回のご来店をお待ちしています。');
    await page.getByTestId('welcome-turn-on').click();
    await page.getByTestId('welcome-list').waitFor();
    await expect.poll(() => page.getByTestId('welcome-row').first().getAttribute('data-status')).toBe('1');
    await checkScreen(page, 'message-flow-07-welcome-on-desktop-ja');
    const newcomer = await followerPhone('en-US');
    const welcome = newcomer.getByTestId('inbox-row');
    await welcome.waitFor();
    expect(await welcome.textContent()).toContain('フォローありがとうございます');
    await welcome.click();
    await newcomer.getByTestId('message-detail').waitFor();
    expect(await newcomer.getByTestId('message-detail').textContent()).toContain('ようこそ');
    await checkScreen(newcomer, 'message-flow-08-welcome-phone-en');
  });
});

describe('a picture message', () => {
  it('takes a picture from 「画像を選ぶ」, refuses an SVG and shows the picture in the preview', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(url('/qrchannel/message/list'));
    await page.getByTestId('message-create').click();
    await page.getByTestId('message-push-text').fill('春の新作ケーキができました');
    await page.getByTestId('message-layout').click();
    await page.getByRole('option', { name: 'テキスト＋画像', exact: true }).click();
    await page.getByTestId('message-tab-2').click();
    const field = page.getByTestId('message-image-field');
    const input = field.locator('input[type=file]');
    // An SVG is refused in the field, and saving is blocked while it shows.
    await input.setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    });
    await field.getByTestId('message-image-error').waitFor();
    await page.getByTestId('message-save').click();
    await page.getByRole('alert').filter({ hasText: '画像を確認してください' }).first().waitFor();
    // A real picture (a screenshot of the page) goes through the upload and shows in the preview.
    const png = await page.screenshot({ clip: { x: 0, y: 0, width: 600, height: 400 } });
    await input.setInputFiles({ name: 'cake.png', mimeType: 'image/png', buffer: png });
    await expect.poll(() => field.locator('img').getAttribute('src')).toMatch(/^\/api\/image\/[0-9a-f]+\./);
    const src = (await field.locator('img').getAttribute('src')) as string;
    expect(await field.getByTestId('message-image-error').count()).toBe(0);
    const preview = page.getByTestId('message-preview-phone').locator('img.qm-image');
    expect(await preview.getAttribute('src')).toBe(src);
    await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(600);
    await checkScreen(page, 'message-flow-09-picture-desktop-ja');
    await page.getByTestId('message-save').click();
    await page.getByText('下書きを保存しました').first().waitFor();
    const drafts = await apiCall<unknown>(page, 'GET', `/api/qrchannel/${channelId}/message?status=0`);
    expect(JSON.stringify(drafts)).toContain(`"background_image_url":"${src}"`);
  });
});
