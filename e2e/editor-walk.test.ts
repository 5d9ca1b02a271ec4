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

const url = (path: string, extra = '') => `${server.url}${path}?channel_id=${channelId}${extra}`;

interface Listed {
  messages: Array<{ message_id: number; status: number; push_text: string }>;
}
const listMessages = async () =>
  (await apiCall<Listed>(page, 'GET', `/api/qrchannel/${channelId}/message?status=-1`)).messages;

beforeAll(async () => {
  session = await startSession({ viewport: PHONE, isMobile: true, hasTouch: true });
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

afterAll(() => session?.stop());

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
