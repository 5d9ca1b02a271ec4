import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blendCouponBody } from '../../support/blend-coupon';
import { DESKTOP, PHONE } from '../engine';
import { type Flow, type FlowPage, startFlow } from '../flow';

/**
 * Messages in every engine: the follower's side on a phone in Japanese (the inbox on
 * /c/{code} with a coupon message the scheduler sent, opened, its coupon used once), and the
 * operator's editor on a computer in English (the preview follows the typing, the date picker picks
 * a day and a time, the pushes' projected finish shows). The message is written and sent through the API, as the Chromium suite's
 * channel-messages-flow.test.ts does through the screens.
 */

let flow: Flow;
let operator: FlowPage;
let channelId = 0;
let channelCode = '';
let couponId = 0;

const PUSH = '今週末はブレンドコーヒーが100円引きです';

beforeAll(async () => {
  flow = await startFlow();
  operator = await flow.open('en-desktop', { viewport: DESKTOP, locale: 'en-US' });
  await operator.signUp({ email: `msg-${Date.now()}@example.jp`, userName: '店主', password: 'message2026' });
  await operator.goto('/');
  await operator.api('POST', '/api/qrchannel/service/register', { terms_accepted: true });
  const { channel } = await operator.api<{ channel: { channel_id: number; channel_code: string } }>(
    'POST',
    '/api/qrchannel/channel',
    { channel_name: '珈琲こもれび', channel_user_type: 1 },
  );
  channelId = channel.channel_id;
  channelCode = channel.channel_code;
  const saved = await operator.api<{ coupon?: { coupon_img_id: number } }>(
    'POST',
    `/api/qrchannel/${channelId}/coupon/image/save`,
    blendCouponBody(),
  );
  couponId = saved.coupon?.coupon_img_id ?? 0;
  expect(couponId, JSON.stringify(saved)).toBeGreaterThan(0);
});
afterAll(() => flow?.stop());

describe('a follower on a phone (ja)', () => {
  let phone: FlowPage;

  it('follows, and the message the scheduler sends arrives unread', async () => {
    phone = await flow.open('ja-phone', { viewport: PHONE, locale: 'ja-JP' });
    await phone.goto(`/c/${channelCode}`);
    await phone.click('[data-testid="follow"]');
    await phone.waitFor('[data-testid="inbox"]');
    // A coupon message saved as a draft, then reserved with no date: sent on the scheduler's next turn.
    const saved = await operator.api<{ message: { message_id: number } }>(
      'POST',
      `/api/qrchannel/${channelId}/message`,
      {
        layout: 3,
        push_text: PUSH,
        detail_title: 'ご来店お待ちしています',
        detail_text: 'お会計の際にクーポンをお見せください。',
        coupon_id: couponId,
        coupon_title: '週末限定クーポン',
      },
    );
    expect(saved.message.message_id).toBeGreaterThan(0);
    await operator.api('POST', `/api/qrchannel/${channelId}/message/notify`, {
      message_id: saved.message.message_id,
    });
    // The page lists the inbox when it loads: reload until the scheduler has sent it.
    const deadline = Date.now() + 45_000;
    for (;;) {
      await phone.goto(`/c/${channelCode}`);
      await phone.waitFor('[data-testid="inbox"]');
      const rows = await phone.raw.evaluate(
        () => document.querySelectorAll('[data-testid="inbox-row"]').length,
      );
      if (rows > 0 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    await phone.waitForText(PUSH, '[data-testid="inbox-row"]');
    expect(await phone.text('[data-testid="inbox-unread"]')).toBe('未読1件');
    expect(await phone.horizontalOverflow()).toBeLessThanOrEqual(0);
    await phone.shot('messages-01-inbox');
  });

  it('opens it (the unread mark goes) and uses the coupon once (the code shows)', async () => {
    await phone.click('[data-testid="inbox-row"]');
    await phone.waitFor('[data-testid="message-view"] [data-testid="message-detail"]');
    await phone.waitFor('[data-testid="coupon-code-hidden"]');
    await phone.shot('messages-02-opened');
    await phone.click('[data-testid="message-coupon-use"]');
    // The tap asks first: the confirmation sheet, whose 「使用する」 uses it.
    await phone.waitFor('[data-testid="coupon-sheet"]');
    await phone.shot('messages-03-coupon-sheet');
    await phone.click('[data-testid="coupon-sheet-use"]');
    await phone.waitFor('[data-testid="coupon-code-number"]');
    expect(await phone.text('[data-testid="coupon-code-number"]')).toBe('4711');
    expect(await phone.text('[data-testid="message-coupon-state"]')).toBe('使用済み');
    await phone.waitForGone('[data-testid="message-coupon-use"]');
    expect(await phone.horizontalOverflow()).toBeLessThanOrEqual(0);
    await phone.shot('messages-03-coupon-used');
    await phone.click('[data-testid="message-back"]');
    await phone.waitForText('使用済み', '[data-testid="inbox-row"]');
    await phone.waitForGone('[data-testid="inbox-unread"]');
    expect(await phone.raw.evaluate(() => document.querySelectorAll('.qm-row-unread').length)).toBe(0);
    await phone.shot('messages-04-inbox-read');
  });
});

describe('the operator on a computer (en)', () => {
  it('writes a message: the preview follows, the date picker picks a day and a time', async () => {
    await operator.goto(`/qrchannel/message/create?channel_id=${channelId}`);
    await operator.fill('[data-testid="message-push-text"]', 'Blend coffee 100 yen off this weekend');
    await operator.waitForText('Blend coffee 100 yen off this weekend', '[data-testid="preview-inbox-row"]');
    await operator.waitForText('Blend coffee 100 yen off', '[data-testid="message-notification"]');
    await operator.shot('messages-05-editor');
    await operator.click('[data-testid="message-send-dt"]');
    await operator.waitFor('[data-testid="message-send-dt-calendar"]');
    // Photographed before a day is marked: the marked button must still be the one clicked.
    await operator.shot('messages-06-calendar');
    // The month's last day the calendar allows (never before today).
    await operator.waitUntil('a day to pick', () => {
      const days = Array.from(
        document.querySelectorAll<HTMLButtonElement>(
          '[data-testid="message-send-dt-calendar"] button[data-dates-day], [data-testid="message-send-dt-calendar"] table button',
        ),
      ).filter((b) => !b.disabled && !b.hasAttribute('data-disabled') && isShown(b));
      const last = days.at(-1);
      last?.setAttribute('data-flow-target', '1');
      return Boolean(last);
    });
    await operator.raw.click('[data-flow-target]');
    await operator.waitFor('[data-testid="message-send-dt-time"]');
    await operator.clickText('15', '[data-testid="message-send-dt-time"] button');
    await operator.clickText('30', '[data-testid="message-send-dt-time"] button');
    await operator.shot('messages-07-time');
    await operator.click('[data-testid="message-send-dt-ok"]');
    await operator.waitForGone('[data-testid="message-send-dt-time"]');
    await operator.waitForText('15:30', '[data-testid="message-send-dt"]');
    // The pushes' projected finish, under the send time: the follower turned no notifications on.
    await operator.waitForText(
      'No device in this audience receives notifications',
      '[data-testid="message-push-finish"]',
    );
    await operator.shot('messages-08-date-set');
  });
});
