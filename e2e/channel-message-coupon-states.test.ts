import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { checkScreen } from './support/browser';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, type Session, startSession } from './support/session';
import { signUpThroughApi } from './support/sign-up';

/**
 * The message editor's two coupon states: a coupon of another channel is "not usable in
 * this channel" (E-733 when the draft is saved, the coupon picker listing only this channel's), and
 * a draft whose library coupon is gone asks to "select the coupon again" until another is chosen.
 * At 375 px in Japanese and on a desktop in English.
 */

const stamp = Date.now();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'qrqr-e2e-coupon-states-'));
let session: Session;
let server: RunningServer;
let page: Page;
let here: number;
let hereCoupon: number;
let elsewhereCoupon: number;

const day = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
const editor = (extra: string) => `${server.url}/qrchannel/message/create?channel_id=${here}${extra}`;

async function channel(name: string): Promise<number> {
  const created = await apiCall<{ channel: { channel_id: number } }>(page, 'POST', '/api/qrchannel/channel', {
    channel_name: name,
    channel_user_type: 1,
  });
  return created.channel.channel_id;
}

async function coupon(channelId: number, content: string): Promise<number> {
  const saved = await apiCall<{ coupon: { coupon_img_id: number } }>(
    page,
    'POST',
    `/api/qrchannel/${channelId}/coupon/image/save`,
    {
      coupon_image_data: {
        coupon_type: 1,
        coupon_value_percent: 10,
        coupon_content: content,
        coupon_available_count: 1,
        coupon_code_type: 3,
        coupon_code_text: '1234',
        coupon_date_from: day(0),
        coupon_date_to: day(30),
      },
    },
  );
  return saved.coupon.coupon_img_id;
}

/** A coupon draft of this channel naming `couponId`; returns its id. */
async function couponDraft(couponId: number): Promise<number> {
  const saved = await apiCall<{ message: { message_id: number } }>(
    page,
    'POST',
    `/api/qrchannel/${here}/message`,
    {
      layout: 2,
      push_text: '週末限定クーポン',
      coupon_id: couponId,
      coupon_title: '10%オフ',
    },
  );
  return saved.message.message_id;
}

beforeAll(async () => {
  session = await startSession({}, { DATA_DIR: dataDir });
  ({ server, page } = session);
  await signUpThroughApi(page, server.url, {
    email: `coupon-states-${stamp}@example.jp`,
    userName: '雑貨店',
    password: 'message2026',
  });
  await page.goto(`${server.url}/`);
  await apiCall(page, 'POST', '/api/qrchannel/service/register', { terms_accepted: true });
  here = await channel('こもれび雑貨店');
  const elsewhere = await channel('こもれび二号店');
  hereCoupon = await coupon(here, '本店のクーポン');
  elsewhereCoupon = await coupon(elsewhere, '二号店のクーポン');
});

afterAll(async () => {
  await session?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the coupon states of the message editor at 375 px, in Japanese', () => {
  it('refuses another channel’s coupon: not usable in this channel', async () => {
    await page.setViewportSize(PHONE);
    const draft = await couponDraft(hereCoupon);
    // Back from the coupon screen with a coupon of the other channel (the channel changed meanwhile).
    await page.goto(editor(`&message_id=${draft}&coupon_id=${elsewhereCoupon}`));
    await page.getByTestId('message-push-text').waitFor();
    await page.getByTestId('message-tab-2').click();
    // The picker lists this channel's coupons only.
    await page.getByTestId('message-coupon').click();
    const options = await page.getByRole('option').allTextContents();
    expect(options.some((o) => o.includes('本店のクーポン'))).toBe(true);
    expect(options.some((o) => o.includes('二号店のクーポン'))).toBe(false);
    await page.keyboard.press('Escape');
    await page.getByTestId('message-save').click();
    const alert = page.getByRole('alert').filter({ hasText: 'このチャネルでは利用できないクーポンです' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('E-733');
    await checkScreen(page, 'message-coupon-01-other-channel-phone-ja');
    // The draft still names its own coupon.
    const kept = await apiCall<{ message: { coupon_id: number | null } }>(
      page,
      'GET',
      `/api/qrchannel/${here}/message/${draft}`,
    );
    expect(kept.message.coupon_id).toBe(hereCoupon);
  });

  it('asks to select the coupon again when the draft’s coupon is gone, until another is chosen', async () => {
    await page.setViewportSize(PHONE);
    const gone = await coupon(here, '消えるクーポン');
    const draft = await couponDraft(gone);
    // The library coupon disappears under the draft (deleting it through the API is refused while a
    // draft names it, E-715: this is what older drafts or a removed library leave).
    const db = new Database(path.join(dataDir, 'qrqr.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare('delete from coupons where id = ?').run(gone);
    } finally {
      db.close();
    }
    await page.goto(editor(`&message_id=${draft}`));
    await page.getByTestId('message-tab-2').click();
    const missing = page.getByTestId('message-coupon-missing');
    await missing.waitFor();
    expect(await missing.textContent()).toBe(
      '元のメッセージに紐づくクーポンが削除されました。クーポンを選択し直してください',
    );
    await checkScreen(page, 'message-coupon-02-select-again-phone-ja');
    await page.getByTestId('message-coupon').click();
    await page.getByRole('option', { name: /本店のクーポン/ }).click();
    expect(await missing.count()).toBe(0);
    await page.getByTestId('message-save').click();
    await page.getByText('下書きを保存しました').first().waitFor();
  });
});

describe('the coupon states on a desktop, in English', () => {
  it('says both in English', async () => {
    await page.setViewportSize(DESKTOP);
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    const draft = await couponDraft(hereCoupon);
    await page.goto(editor(`&message_id=${draft}&coupon_id=${elsewhereCoupon}`));
    await page.getByTestId('message-push-text').waitFor();
    await page.getByTestId('message-save').click();
    await page.getByRole('alert').filter({ hasText: 'This coupon is not usable in this channel' }).waitFor();

    const gone = await coupon(here, 'Vanishing');
    const orphan = await couponDraft(gone);
    const db = new Database(path.join(dataDir, 'qrqr.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare('delete from coupons where id = ?').run(gone);
    } finally {
      db.close();
    }
    await page.goto(editor(`&message_id=${orphan}`));
    await page.getByTestId('message-tab-2').click();
    expect(await page.getByTestId('message-coupon-missing').textContent()).toBe(
      'The coupon linked to the original message was deleted. Select the coupon again',
    );
    await checkScreen(page, 'message-coupon-03-select-again-desktop-en');
    await page.context().clearCookies({ name: 'lang' });
  });
});
