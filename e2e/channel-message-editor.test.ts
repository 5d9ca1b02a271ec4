import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { checkScreen } from './support/browser';
import { lineBreakFindings } from './support/line-breaks';
import { signUpOperatorWithChannel } from './support/operator-channel';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, type Session, startSession } from './support/session';
import { tokyoDay } from './support/tokyo-day';

/**
 * The message editor before anything is saved: the layouts and only their fields, the length
 * counters, the draft rule's dialog, the date picker on 10-minute marks, and the preview (the
 * follower's own cards) following the typing: the lock screen cuts the push text at 24
 * characters. At 375 px and on desktop, in Japanese and English.
 */

const operator = { email: `editor-${Date.now()}@example.jp`, userName: '花屋', password: 'message2026' };
let session: Session;
let server: RunningServer;
let page: Page;
let channelId: number;

const url = (path: string, extra = '') => `${server.url}${path}?channel_id=${channelId}${extra}`;

beforeAll(async () => {
  session = await startSession();
  ({ server, page } = session);
  ({ channelId } = await signUpOperatorWithChannel(page, server.url, operator, 'はなみずき生花店'));
  await apiCall(page, 'POST', `/api/qrchannel/${channelId}/tag`, { tag_name: '常連' });
  const coupon = await apiCall<{ status: { code: string } }>(
    page,
    'POST',
    `/api/qrchannel/${channelId}/coupon/image/save`,
    {
      coupon_image_data: {
        coupon_type: 1,
        coupon_value_percent: 20,
        coupon_content: '季節のブーケ',
        coupon_available_count: 1,
        coupon_code_type: 3,
        coupon_code_text: '2026',
        coupon_date_from: tokyoDay(0),
        coupon_date_to: tokyoDay(30),
      },
    },
  );
  expect(coupon.status.code).toBe('S-200');
});

afterAll(() => session?.stop());

const PUSH = '秋の新作ブーケが入荷しました。今週末まで全品20%オフでご案内しています';

describe('the message editor at 375 px, in Japanese', () => {
  it('previews as one types, shows only the layout’s fields and refuses an empty draft', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(url('/qrchannel/message/create'));
    await page.getByTestId('message-push-text').waitFor();
    // The draft rule: no push text, the dialog and its way back.
    await page.getByTestId('message-save').click();
    await page.getByTestId('message-draft-dialog').waitFor();
    expect(await page.getByRole('dialog').textContent()).toContain('下書きの条件を満たしていません');
    await page.getByRole('button', { name: '編集に戻る' }).click();
    expect(await page.getByText('プッシュ通知の文章を入力してください').count()).toBe(1);

    await page.getByTestId('message-push-text').fill(PUSH);
    expect(await page.getByTestId('message-notification-text').textContent()).toBe(
      `${Array.from(PUSH).slice(0, 24).join('')}…`,
    );
    expect(await page.getByTestId('preview-inbox-row').textContent()).toContain(PUSH);
    expect(await page.getByTestId('message-push-text').locator('xpath=../..').textContent()).toContain(
      `${Array.from(PUSH).length} / 92文字`,
    );

    // Coupon + text: the coupon's fields and the text's, no image link.
    await page.getByTestId('message-layout').click();
    await page.getByRole('option', { name: 'クーポン＋テキスト', exact: true }).click();
    await page.getByTestId('message-tab-2').click();
    expect(await page.getByTestId('message-link-url').count()).toBe(0);
    await page.getByTestId('message-coupon').click();
    await page.getByRole('option', { name: /季節のブーケ/ }).click();
    await page.getByTestId('message-title').fill('秋のおすすめ');
    await page.getByTestId('message-text').fill('店頭でこの画面をお見せください。');
    const detail = page.getByTestId('message-detail');
    expect(await detail.getAttribute('data-layout')).toBe('3');
    expect(await detail.getByTestId('coupon-card').textContent()).toContain('20% OFF');
    expect(await detail.getByTestId('coupon-code-number').textContent()).toBe('2026');
    expect(await detail.textContent()).toContain('秋のおすすめ');
    // The coupon comes before the text in layout 3.
    const order = await detail.evaluate((el) =>
      Array.from(el.children).map((c) => c.getAttribute('data-testid')),
    );
    expect(order).toEqual(['message-coupon-part', 'message-text-part']);
    // A title over 32 characters says so at once.
    await page.getByTestId('message-title').fill('あ'.repeat(33));
    expect(await page.getByText('タイトルは32文字以内で入力してください').count()).toBe(1);
    await page.getByTestId('message-title').fill('秋のおすすめ');
    const phone = await page.getByTestId('message-preview-phone').boundingBox();
    expect(phone?.height).toBe(505);
    await checkScreen(page, 'message-editor-01-coupon-text-phone-ja');
  });

  it('picks a send date on a 10-minute mark through the day and time views', async () => {
    await page.getByTestId('message-tab-1').click();
    await page.getByTestId('message-send-dt').click();
    await page.getByTestId('message-send-dt-calendar').waitFor();
    await checkScreen(page, 'message-editor-02-date-picker-days-phone-ja');
    // Weeks from Monday, Japanese weekday names.
    const heads = await page.locator('[data-testid="message-send-dt-calendar"] thead th').allTextContents();
    expect(heads).toEqual(['月', '火', '水', '木', '金', '土', '日']);
    await page.getByTestId('message-send-dt-to-time').click();
    const time = page.getByTestId('message-send-dt-time');
    await time.waitFor();
    expect(await time.getByRole('group').nth(1).getByRole('button').allTextContents()).toEqual([
      '00',
      '10',
      '20',
      '30',
      '40',
      '50',
    ]);
    await time.getByRole('group').nth(0).getByRole('button', { name: '23' }).click();
    await time.getByRole('group').nth(1).getByRole('button', { name: '50' }).click();
    await checkScreen(page, 'message-editor-03-date-picker-time-phone-ja');
    await page.getByTestId('message-send-dt-ok').click();
    expect(await page.getByTestId('message-send-dt').textContent()).toMatch(
      /^\d{4}-\d{2}-\d{2} \(.\) 23:50$/,
    );
  });
});

/** The tops of the editor's four tabs: one row has one top. */
async function tabRows(lang: 'ja' | 'en'): Promise<number> {
  await page.setViewportSize(PHONE);
  await page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);
  try {
    await page.goto(url('/qrchannel/message/create'));
    await page.getByTestId('message-tab-4').waitFor();
    const tops = await page
      .locator('[data-testid^="message-tab-"]')
      .evaluateAll((tabs) => tabs.map((tab) => Math.round(tab.getBoundingClientRect().top)));
    expect(tops).toHaveLength(4);
    // A label may take two lines, parted between words only (「notificati/on」, 「利用ルー/ル」 were seen).
    expect(await lineBreakFindings(page, '.mantine-Tabs-tabLabel', [])).toEqual([]);
    const splitWords = await page.locator('.mantine-Tabs-tabLabel').evaluateAll((labels) =>
      labels.flatMap((label) => {
        const text = label.firstChild;
        if (!text?.textContent) return [];
        return [...text.textContent.matchAll(/[A-Za-z]+/g)].flatMap((m) => {
          const range = document.createRange();
          range.setStart(text, m.index ?? 0);
          range.setEnd(text, (m.index ?? 0) + m[0].length);
          const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
          return tops.size > 1 ? [m[0]] : [];
        });
      }),
    );
    expect(splitWords).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    return new Set(tops).size;
  } finally {
    await page.context().clearCookies({ name: 'lang' });
  }
}

describe('the message editor’s tabs at 375 px', () => {
  it('keep to one row in Japanese and in English', async () => {
    expect(await tabRows('ja')).toBe(1);
    await checkScreen(page, 'message-editor-tabs-phone-ja');
    expect(await tabRows('en')).toBe(1);
    await checkScreen(page, 'message-editor-tabs-phone-en');
  });
});

describe('the welcome message editor at 375 px, in Japanese', () => {
  it('holds the welcome limits (title 20, text 400) and opens its end date 10 minutes after the next mark', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(url('/qrchannel/welcomemessage/create'));
    await page.getByTestId('welcome-push-text').waitFor();
    await page.getByTestId('welcome-push-text').fill('フォローありがとうございます');
    await page.getByTestId('welcome-detail-title').fill('あ'.repeat(21));
    expect(await page.getByText('タイトルは20文字以内で入力してください').count()).toBe(1);
    await page.getByTestId('welcome-detail-text').fill('い'.repeat(401));
    expect(await page.getByText('本文は400文字以内で入力してください').count()).toBe(1);
    // Saving over a limit: the draft rule's dialog.
    await page.getByTestId('welcome-save').click();
    await page.getByTestId('welcome-draft-dialog').waitFor();
    await page.getByRole('button', { name: '編集に戻る' }).click();
    await page.getByTestId('welcome-detail-title').fill('ようこそ');
    await page.getByTestId('welcome-detail-text').fill('初回来店で使えるクーポンをどうぞ。');
    expect(await page.getByTestId('message-detail').textContent()).toContain('ようこそ');
    // The end date: now rounded up to the next 10-minute mark, plus 10 minutes.
    const before = Math.floor(Date.now() / 1000);
    await page.getByTestId('welcome-send-end-dt').click();
    await page.getByTestId('welcome-send-end-dt-to-time').click();
    const shown = await page.getByTestId('welcome-send-end-dt-time').locator('[aria-live]').textContent();
    const expected = Math.ceil(before / 600) * 600 + 600;
    const tokyo = new Date((expected + 9 * 3600) * 1000).toISOString();
    expect(shown).toContain(`${tokyo.slice(0, 10)} `);
    expect(shown?.endsWith(tokyo.slice(11, 16))).toBe(true);
    await checkScreen(page, 'welcome-editor-01-end-date-phone-ja');
    await page.getByTestId('welcome-send-end-dt-ok').click();
  });
});

describe('the message editor on a desktop, in English', () => {
  it('shows the image layout’s fields and the preview beside the form', async () => {
    await page.setViewportSize(DESKTOP);
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.goto(url('/qrchannel/message/create'));
    await page.getByTestId('message-push-text').fill('New autumn bouquets are in: 20% off all weekend long');
    expect(await page.getByTestId('message-notification-text').textContent()).toBe(
      'New autumn bouquets are …',
    );
    await page.getByTestId('message-layout').click();
    await page.getByRole('option', { name: 'Image + text', exact: true }).click();
    await page.getByTestId('message-tab-2').click();
    await page.getByTestId('message-link-url').fill('https://example.com/ざ');
    await page.getByTestId('message-title').fill('Autumn');
    const order = await page
      .getByTestId('message-detail')
      .evaluate((el) => Array.from(el.children).map((c) => c.getAttribute('data-testid')));
    expect(order).toEqual(['message-image-part', 'message-text-part']);
    expect(await page.getByTestId('message-coupon').count()).toBe(0);
    // The preview sits beside the form.
    await page.getByTestId('message-tab-1').click();
    const form = await page.getByTestId('message-push-text').boundingBox();
    const preview = await page.getByTestId('message-preview').boundingBox();
    expect((preview?.x ?? 0) > (form?.x ?? 0) + 200).toBe(true);
    await checkScreen(page, 'message-editor-04-image-text-desktop-en');
    await page.context().clearCookies({ name: 'lang' });
  });
});
