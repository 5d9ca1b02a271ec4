import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { checkScreen } from './support/browser';
import { signUpOperatorWithChannel } from './support/operator-channel';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, type Session, startSession } from './support/session';
import { tokyoDay } from './support/tokyo-day';

/**
 * What an outside newcomer's walk of the operator's editors found: saves racing each other or the
 * reserve made a second message; a picked day of the date picker counted only after 「決定」;
 * sending now read as a reservation; dialogs that did not say what was pressed.
 */

const operator = { email: `editor-walk-${Date.now()}@example.jp`, userName: '花屋', password: 'walk20261' };
let session: Session;
let server: RunningServer;
let page: Page;
let channelId: number;
// The server's data folder, for the operator command that makes a channel official.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-editor-walk-'));
const repoRoot = path.resolve(import.meta.dirname, '..');

const url = (path: string, extra = '') => `${server.url}${path}?channel_id=${channelId}${extra}`;

interface Listed {
  messages: Array<{ message_id: number; status: number; push_text: string }>;
}
const listMessages = async () =>
  (await apiCall<Listed>(page, 'GET', `/api/qrchannel/${channelId}/message?status=-1`)).messages;

beforeAll(async () => {
  session = await startSession({ viewport: PHONE, isMobile: true, hasTouch: true }, { DATA_DIR: dataDir });
  ({ server, page } = session);
  ({ channelId } = await signUpOperatorWithChannel(page, server.url, operator, 'はなみずき生花店'));
  await apiCall(page, 'POST', `/api/qrchannel/${channelId}/coupon/image/save`, {
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
  });
});

afterAll(async () => {
  await session?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the message editor', () => {
  it('keeps saves of one editor to one message while the server is slow: two saves and a reserve', async () => {
    // The server answers saves late, as on a busy shared machine: every press lands while one is under way.
    await page.route('**/api/qrchannel/*/message', async (route) => {
      if (route.request().method() === 'POST') await new Promise((r) => setTimeout(r, 700));
      await route.continue();
    });
    await page.goto(url('/qrchannel/message/create'));
    await page.getByTestId('message-push-text').fill('週末だけの花束クーポンです');
    await page.getByTestId('message-layout').click();
    await page.getByRole('option', { name: 'クーポン＋テキスト', exact: true }).click();
    await page.getByTestId('message-tab-2').click();
    await page.getByTestId('message-coupon').click();
    await page.getByRole('option', { name: /季節のブーケ/ }).click();
    await page.getByTestId('message-tab-1').click();
    await page.getByTestId('message-save').dispatchEvent('click');
    await page.getByTestId('message-save').dispatchEvent('click');
    await page.getByTestId('message-reserve').dispatchEvent('click');
    await page.getByTestId('message-reserve-count').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /配信する|予約する/ })
      .click();
    await page.waitForURL('**/qrchannel/message/list**');
    await page.unroute('**/api/qrchannel/*/message');
    const messages = await listMessages();
    // One message, reserved and (nobody follows yet) sent at once; no draft of the same text beside it.
    expect(messages).toHaveLength(1);
    expect(messages[0]?.status).not.toBe(0);
  });
});

/** Today's day of the month in Tokyo. */
const tokyoDayOfMonth = () => Number(tokyoDay(0).slice(8));

/** Picks the 15th of next month on an open picker's calendar: the time view follows. */
async function pickNextMonthsFifteenth(testId: string) {
  const calendar = page.getByTestId(`${testId}-calendar`);
  await calendar.locator('button[data-direction="next"]').click();
  await calendar.locator('tbody button:not([data-outside])').filter({ hasText: /^15$/ }).click();
  await page.getByTestId(`${testId}-time`).waitFor();
}

describe('sending now, at 375 px in Japanese', () => {
  it('says 「今すぐ配信する」 while the send date is empty, and 「予約する」 once one is picked', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(url('/qrchannel/message/create'));
    await page.getByTestId('message-push-text').fill('本日限りのご案内です');
    expect(await page.getByTestId('message-reserve').textContent()).toBe('今すぐ配信する');
    await page.getByTestId('message-reserve').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('メッセージを配信しますか？').waitFor();
    expect(await dialog.getByTestId('message-reserve-count').textContent()).toContain('今すぐ配信します');
    await dialog.getByRole('button', { name: '配信する', exact: true }).waitFor();
    await checkScreen(page, 'editor-walk-01-send-now-dialog-phone-ja');
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A picked day counts at once, with the time shown, though 「決定」 is never pressed.
    await page.getByTestId('message-send-dt').click();
    await pickNextMonthsFifteenth('message-send-dt');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('message-send-dt').textContent()).toMatch(/^\d{4}-\d{2}-15 /);
    expect(await page.getByTestId('message-reserve').textContent()).toBe('予約する');
    await page.getByTestId('message-reserve').click();
    await page.getByRole('dialog').getByText('メッセージを予約しますか？').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'キャンセル' }).click();
  });

  it('names the pressed button when the draft rule refuses: 「配信できません」', async () => {
    await page.goto(url('/qrchannel/message/create'));
    await page.getByTestId('message-push-text').waitFor();
    await page.getByTestId('message-reserve').click();
    await page.getByTestId('message-draft-dialog').waitFor();
    const text = await page.getByRole('dialog').textContent();
    expect(text).toContain('配信できません');
    expect(text).not.toContain('下書き');
  });
});

describe('the welcome message editor on a desktop, in Japanese', () => {
  it('keeps a picked end day without 「決定」 (below the fold at 1280×800), greys past days, and saves it on 「オンにする」', async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(url('/qrchannel/welcomemessage/create'));
    await page.getByTestId('welcome-push-text').fill('フォローありがとうございます');
    await page.getByTestId('welcome-send-end-dt').click();
    const calendar = page.getByTestId('welcome-send-end-dt-calendar');
    await calendar.waitFor();
    // Days before today cannot end anything: of this month's days (from its 1st to the next 1st),
    // exactly those before today are greyed.
    const greyed = await calendar.locator('tbody button').evaluateAll((days) => {
      const month = days.slice(days.findIndex((d) => d.textContent === '1'));
      const last = month.findIndex((d, i) => i > 0 && d.textContent === '1');
      return month.slice(0, last < 0 ? undefined : last).filter((d) => d.hasAttribute('data-disabled'))
        .length;
    });
    expect(greyed).toBe(tokyoDayOfMonth() - 1);
    await pickNextMonthsFifteenth('welcome-send-end-dt');
    await checkScreen(page, 'editor-walk-02-end-date-time-desktop-ja');
    // Closed by a click elsewhere, as one does when 「決定」 is out of sight. The picker opens upwards
    // over the push text's left half, so the click lands near the field's right end, clear of it.
    const pushText = page.getByTestId('welcome-push-text');
    const box = await pushText.boundingBox();
    if (!box) throw new Error('the push text has no box');
    await pushText.click({ position: { x: box.width - 12, y: box.height / 2 } });
    await page.getByTestId('welcome-send-end-dt-time').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('welcome-send-end-dt').textContent()).toMatch(/^\d{4}-\d{2}-15 /);
    await page.getByTestId('welcome-turn-on').click();
    await page.waitForURL('**/qrchannel/welcomemessage/list**');
    const row = page.getByTestId('welcome-row').first();
    await row.waitFor();
    expect(await row.textContent()).not.toContain('終了日時なし');
    expect(await row.textContent()).toMatch(/-15 .*まで/);
  });

  it('shows an on message with a way to its content and the word that it must be stopped first', async () => {
    const row = page.getByTestId('welcome-row').first();
    expect(await row.getAttribute('data-status')).toBe('1');
    expect(await row.textContent()).toContain('停止してから編集できます');
    await checkScreen(page, 'editor-walk-03-welcome-on-row-desktop-ja');
    await row.getByTestId('welcome-view').click();
    await page.getByRole('heading', { name: '配信中のウェルカムメッセージ' }).waitFor();
  });

  it('heads the editor of a saved one 編集, and names 「オンにする」 when the draft rule refuses it', async () => {
    const saved = await apiCall<{ message: { message_id: number } }>(
      page,
      'POST',
      `/api/qrchannel/${channelId}/welcomemessage`,
      { push_text: '二度目のご来店ありがとうございます', layout: 1 },
    );
    await page.goto(url('/qrchannel/welcomemessage/create', `&message_id=${saved.message.message_id}`));
    await page.getByRole('heading', { name: 'ウェルカムメッセージ編集' }).waitFor();
    await page.getByTestId('welcome-push-text').fill('');
    await page.getByTestId('welcome-turn-on').click();
    await page.getByTestId('welcome-draft-dialog').waitFor();
    const text = await page.getByRole('dialog').textContent();
    expect(text).toContain('オンにできません');
    expect(text).not.toContain('下書き');
    await checkScreen(page, 'editor-walk-04-turn-on-refused-desktop-ja');
  });
});

describe('a new channel’s next steps, at 375 px in Japanese', () => {
  it('leads step 5 to the message editor like steps 1–4, with no word that messaging is coming', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(url('/qrchannel/channel/create', `&created=${channelId}`));
    const steps = page.getByTestId('created-next-steps');
    await steps.waitFor();
    expect(await steps.getByRole('link').count()).toBe(5);
    expect(await steps.textContent()).not.toMatch(/準備中|まもなく/);
    await checkScreen(page, 'editor-walk-05-created-next-steps-phone-ja');
    await page.getByTestId('created-next-messages').click();
    await page.waitForURL(`**/qrchannel/message/create?channel_id=${channelId}`);
    await page.getByTestId('message-push-text').waitFor();
  });
});

describe('the channel header and the footer on a desktop, in Japanese', () => {
  it('shows the official badge beside the switcher and the followers in the sub-header', async () => {
    await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/modules/channels/official-cli.ts', '--channel', String(channelId)],
      { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' } },
    );
    await page.setViewportSize(DESKTOP);
    await page.goto(url('/qrchannel/message/list'));
    await page.getByTestId('message-list').waitFor();
    expect(await page.getByTestId('header-official').textContent()).toBe('公式');
    expect(await page.getByTestId('channel-register-count').textContent()).toContain('フォロワー 0人');
    await checkScreen(page, 'editor-walk-06-header-official-desktop-ja');
  });

  it('links a built-in privacy policy from the footer', async () => {
    await page.getByRole('contentinfo').getByRole('link', { name: 'プライバシーポリシー' }).click();
    await page.waitForURL('**/service/privacy/');
    await page.getByTestId('privacy-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('プライバシーポリシー');
    await checkScreen(page, 'editor-walk-07-privacy-desktop-ja');
  });
});

describe('small things of the walk, in Japanese', () => {
  it('marks the welcome editor’s required push text', async () => {
    await page.goto(url('/qrchannel/welcomemessage/create'));
    const label = page.locator('label', { has: page.locator('.mantine-InputWrapper-required') });
    await page.getByTestId('welcome-push-text').waitFor();
    expect(await label.allTextContents()).toEqual([expect.stringContaining('プッシュ通知の文章')]);
  });

  it('says which date of E-734 is too early, with its code small before it', async () => {
    await apiCall(page, 'POST', `/api/qrchannel/${channelId}/coupon/image/save`, {
      coupon_image_data: {
        coupon_type: 1,
        coupon_value_percent: 10,
        coupon_content: '今日だけの一輪',
        coupon_available_count: 1,
        coupon_code_type: 3,
        coupon_code_text: '1111',
        coupon_date_from: tokyoDay(0),
        coupon_date_to: tokyoDay(0),
      },
    });
    await page.setViewportSize(PHONE);
    await page.goto(url('/qrchannel/message/create'));
    await page.getByTestId('message-push-text').fill('来月のご案内です');
    await page.getByTestId('message-layout').click();
    await page.getByRole('option', { name: 'クーポン', exact: true }).click();
    await page.getByTestId('message-tab-2').click();
    await page.getByTestId('message-coupon').click();
    await page.getByRole('option', { name: /今日だけの一輪/ }).click();
    await page.getByTestId('message-tab-1').click();
    await page.getByTestId('message-send-dt').click();
    await pickNextMonthsFifteenth('message-send-dt');
    await page.keyboard.press('Escape');
    await page.getByTestId('message-reserve').click();
    await page.getByRole('dialog').getByRole('button', { name: '予約する', exact: true }).click();
    const alert = page.getByTestId('form-error');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      '[E-734]クーポンの有効期限（終了日）が配信日より前です。配信日時を有効期限までにするか、配信日以降まで使えるクーポンを選んでください',
    );
    const sizes = await alert.evaluate((el) => {
      const code = el.querySelector('.error-code');
      return code && [parseFloat(getComputedStyle(code).fontSize), parseFloat(getComputedStyle(el).fontSize)];
    });
    expect(sizes?.[0]).toBeLessThan(sizes?.[1] ?? 0);
    await checkScreen(page, 'editor-walk-08-e734-phone-ja');
  });

  it('answers /favicon.ico with an icon', async () => {
    const res = await fetch(`${server.url}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer()).subarray(0, 4)).toEqual(new Uint8Array([0, 0, 1, 0]));
  });

  it('names the password toggle in Japanese', async () => {
    const other = await session.browser.newContext({ locale: 'ja-JP', viewport: PHONE });
    try {
      const guest = await other.newPage();
      await guest.goto(`${server.url}/auth/qrqrid/signin`);
      const toggle = guest.locator('.mantine-PasswordInput-visibilityToggle');
      await toggle.waitFor({ state: 'attached' });
      expect(await toggle.getAttribute('aria-label')).toBe('パスワードを表示');
    } finally {
      await other.close();
    }
  });
});

describe('a tagged follow link', () => {
  it('shows its QR code with the usual downloads (375 px, Japanese)', async () => {
    await apiCall(page, 'POST', `/api/qrchannel/${channelId}/tag`, { tag_name: '店頭POP' });
    await page.setViewportSize(PHONE);
    await page.goto(url('/qrchannel/tag/list'));
    await page.getByLabel('店頭POPを選択').check();
    await page.getByTestId('make-follow-link').click();
    const code = page.getByTestId('follow-link-code');
    await code.waitFor();
    const panel = page.getByTestId('follow-link-panel');
    expect(await panel.getByRole('link').allTextContents()).toEqual(['PNG', 'JPEG', 'EPS', 'SVG']);
    const png = await panel.getByRole('link', { name: 'PNG' }).getAttribute('href');
    const res = await page.request.get(`${server.url}${png}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('image/png');
    await code.scrollIntoViewIfNeeded();
    await checkScreen(page, 'editor-walk-09-follow-link-code-phone-ja');
  });
});

describe('on a desktop, in English', () => {
  beforeAll(async () => {
    await page.setViewportSize(DESKTOP);
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
  });
  afterAll(() => page.context().clearCookies({ name: 'lang' }));

  it('says an uploaded channel icon was saved, and offers the channel code as SVG', async () => {
    await page.goto(url('/qrchannel/channel/update'));
    // Through the button, as an owner does: the chooser opens once the app handles the click.
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByTestId('image-icon').getByRole('button', { name: 'Choose a picture' }).click(),
    ]);
    await chooser.setFiles({
      name: 'icon.png',
      mimeType: 'image/png',
      buffer: fs.readFileSync(path.join(repoRoot, 'apps/web/public/reader-icon-192.png')),
    });
    await expect
      .poll(() => page.getByTestId('image-icon-done').textContent())
      .toBe('Icon saved. The channel page shows it now.');
    const svg = page.getByTestId('channel-code').getByRole('link', { name: 'SVG' });
    expect(await svg.getAttribute('href')).toBe(`/api/qrchannel/${channelId}/qrcode/download/4`);
    await checkScreen(page, 'editor-walk-10-settings-icon-saved-desktop-en');
  });

  it('says 「Send now」 in the message editor and names the welcome editor by what it does', async () => {
    await page.goto(url('/qrchannel/message/create'));
    await page.getByTestId('message-push-text').fill('Open today only');
    expect(await page.getByTestId('message-reserve').textContent()).toBe('Send now');
    await checkScreen(page, 'editor-walk-11-message-send-now-desktop-en');
    await page.goto(url('/qrchannel/welcomemessage/list'));
    await page.getByTestId('welcome-stop-to-edit').waitFor();
    await checkScreen(page, 'editor-walk-12-welcome-list-desktop-en');
    // On through the sidebar and the footer, as the app is already loaded on these screens.
    await page.getByTestId('sidebar-tags').click();
    await page.getByTestId('follow-link-panel').waitFor();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await page.waitForURL('**/service/privacy/');
    await page.getByTestId('privacy-page').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Privacy policy');
    await checkScreen(page, 'editor-walk-13-privacy-desktop-en');
  });

  it('shows the created channel’s steps and the follow link code at 375 px too', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(url('/qrchannel/channel/create', `&created=${channelId}`));
    await page.getByTestId('created-next-messages').waitFor();
    await checkScreen(page, 'editor-walk-14-created-next-steps-phone-en');
    await page.getByTestId('created-next-tags').click();
    await page.getByLabel('Select 店頭POP').check();
    await page.getByTestId('make-follow-link').click();
    await page.getByTestId('follow-link-code').waitFor();
    await checkScreen(page, 'editor-walk-15-follow-link-code-phone-en');
    await page.goto(url('/qrchannel/welcomemessage/create'));
    await page.getByTestId('welcome-turn-on').click();
    await page.getByTestId('welcome-draft-dialog').waitFor();
    expect(await page.getByRole('dialog').textContent()).toContain('Cannot turn on yet');
    await checkScreen(page, 'editor-walk-16-turn-on-refused-phone-en');
  });
});
