import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codePng } from '../../support/fake-camera';
import { DESKTOP, PHONE } from '../engine';
import { type Flow, type FlowPage, startFlow } from '../flow';
import { pickDay } from '../pick-day';

/**
 * The channel area in every engine, in Japanese on a computer: a channel created in two steps,
 * its settings with an uploaded picture, a tag, a send list whose live count follows the chosen
 * tag, and a coupon with its dates picked on the app's calendar; the coupon list photographed on a
 * phone in English too.
 */

let flow: Flow;
let page: FlowPage;
let channelId = '';
let channelCode = '';
const picture = path.join(os.tmpdir(), `qrqr-channel-picture-${process.pid}-${Date.now()}.png`);

beforeAll(async () => {
  flow = await startFlow();
  fs.writeFileSync(picture, await codePng('https://example.jp/komorebi', 12));
  page = await flow.open('ja-desktop', { viewport: DESKTOP, locale: 'ja-JP' });
  await page.signUp(owner);
  await page.goto('/');
  await page.api('POST', '/api/qrchannel/service/register', { terms_accepted: true });
});
afterAll(async () => {
  await flow?.stop();
  fs.rmSync(picture, { force: true });
});

const owner = { email: `channel-${Date.now()}@example.jp`, userName: '店主', password: 'channel2026' };
const withChannel = (p: string) => `${p}?channel_id=${channelId}`;

/** A visitor following the channel from their phone (a request of its own, no cookie). */
async function followFromPhone(): Promise<void> {
  const res = await fetch(`${flow.server.url}/api/reader/channel/${channelCode}/follow`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: '{}',
  });
  expect(res.status).toBe(200);
}

describe('the channel area (ja, computer)', () => {
  it('creates a channel in two steps', async () => {
    await page.goto('/qrchannel/channel/create');
    await page.fill('[data-testid="channel-name"]', '喫茶こもれび');
    await page.click('[data-testid="user-type-company"]');
    await page.selectIndex('[data-testid="industry"]', 1);
    await page.waitUntil('sub-industries', () => {
      const select = document.querySelector<HTMLSelectElement>('[data-testid="sub-industry"]');
      return select && !select.disabled && select.options.length > 1;
    });
    await page.selectIndex('[data-testid="sub-industry"]', 1);
    await page.shot('channel-01-create');
    await page.click('[data-testid="create-next"]');
    await page.waitFor('[data-testid="create-confirm"]');
    expect(await page.text('[data-testid="confirm-name"]')).toBe('喫茶こもれび');
    await page.click('[data-testid="create-submit"]');
    const url = await page.waitForUrl(/\/qrchannel\/channel\/create\?channel_id=\d+&created=/);
    channelId = new URL(url).searchParams.get('channel_id') ?? '';
    await page.waitFor('[data-testid="channel-created"]');
    await page.shot('channel-02-created');
    const { channel } = await page.api<{ channel: { channel_code: string } }>(
      'GET',
      `/api/qrchannel/channel/${channelId}`,
    );
    channelCode = channel.channel_code;
  });

  it('uploads an icon in the settings', async () => {
    await page.goto(`/qrchannel/channel/update?channel_id=${channelId}`);
    await page.waitFor('[data-testid="channel-settings"]');
    await page.raw.upload('[data-testid="image-icon"] input[type="file"]', picture);
    await page.waitFor('[data-testid="image-icon"] img');
    const { channel } = await page.api<{ channel: { icon_url: string | null } }>(
      'GET',
      `/api/qrchannel/channel/${channelId}`,
    );
    expect(channel.icon_url).toBeTruthy();
    await page.shot('channel-03-settings-icon');
  });

  it('adds a tag, then builds a send list whose live count follows it', async () => {
    await page.goto(withChannel('/qrchannel/tag/list'));
    await page.click('[data-testid="tag-create"]');
    await page.fill('[data-testid="tag-name"]', '常連');
    await page.click('[data-testid="tag-save"]');
    await page.waitForText('常連', '[data-testid="tag-row"]');
    await page.shot('channel-04-tags');

    for (let i = 0; i < 3; i++) await followFromPhone();
    const { followers } = await page.api<{ followers: Array<{ follower_id: number }> }>(
      'GET',
      `/api/qrchannel/${channelId}/followers`,
    );
    const { tags } = await page.api<{ tags: Array<{ tag_id: number }> }>(
      'GET',
      `/api/qrchannel/${channelId}/tag`,
    );
    await page.api('POST', `/api/qrchannel/${channelId}/followers/tags`, {
      follower_ids: followers.slice(0, 2).map((f) => f.follower_id),
      add_tag_ids: [tags[0]?.tag_id],
    });

    await page.goto(withChannel('/qrchannel/sendlist/create'));
    await page.waitFor('[data-testid="sendlist-editor"]');
    await page.waitForText('3人', '[data-testid="reach-count"]');
    await page.fill('[data-testid="sendlist-name"]', '常連さん');
    await page.click('[data-testid="box-1-mode"]');
    await page.clickText('すべて含む', '[role="option"]');
    await page.click('[data-testid="box-1-tags"]');
    await page.clickText('常連', '[role="option"]');
    await page.waitForText('2人', '[data-testid="reach-count"]');
    await page.shot('channel-05-sendlist-editor');
    await page.click('[data-testid="sendlist-save"]');
    await page.waitForText('常連さん', '[data-testid="sendlist-row"]');
  });

  it("creates a coupon with its dates picked on the app's calendar", async () => {
    await page.goto(withChannel('/qrchannel/coupon/create'));
    await page.waitFor('[data-testid="coupon-create-page"]');
    await page.fill('[data-testid="field-coupon_content"]', 'ブレンドコーヒー');
    await page.fill('[data-testid="field-coupon_value_percent"]', '20');
    await page.fill('[data-testid="field-coupon_code_text"]', 'KOMOREBI-SPRING');
    // The app's own calendar, the same in every engine: no field is left to the browser's.
    expect(await page.raw.evaluate(() => document.querySelectorAll('input[type="date"]').length)).toBe(0);
    await pickDay(page, 'field-coupon_date_from', '2030-06-30');
    await page.waitForText('2030-06-30', '[data-testid="field-coupon_date_from"]');
    await pickDay(page, 'field-coupon_date_to', '2030-06-01');
    // The form checks on saving: an end before the start is refused.
    await page.click('[data-testid="coupon-save"]');
    await page.waitForText('有効期間の終了日を開始日より前にすることはできません');
    await pickDay(page, 'field-coupon_date_to', '2030-07-15');
    await page.waitForText('20% OFF', '[data-testid="coupon-card"]');
    await page.waitForText('2030/06/30〜2030/07/15', '[data-testid="coupon-card"]');
    await page.waitFor('[data-testid="coupon-card"] [data-testid="coupon-code-image"]');
    // The colour well keeps a frame of its own: WebKit drew the default white on white, unseen.
    const well = await page.raw.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>(
        '[data-testid="field-coupon_text_color"] input[type="color"]',
      );
      const box = input?.getBoundingClientRect();
      return { width: box?.width ?? 0, border: input ? getComputedStyle(input).borderTopWidth : '0px' };
    });
    expect(well.width).toBeGreaterThan(20);
    expect(well.border).not.toBe('0px');
    await page.shot('channel-06-coupon-create');
    await page.click('[data-testid="coupon-save"]');
    await page.waitFor('[data-testid="coupon-list-page"]');
    await page.waitForText('ブレンドコーヒー', '[data-testid="coupon-tile"]');
    // The dates picked, not the defaults: the calendar reached the form in this engine.
    await page.waitForText('2030-06-30〜2030-07-15', '[data-testid="coupon-tile"]');
    await page.shot('channel-07-coupons');
  });
});

describe('the coupon list on a phone (en)', () => {
  it('signs the owner in and shows the saved coupon', async () => {
    const phone = await flow.open('en-phone', { viewport: PHONE, locale: 'en-US' });
    await phone.goto(`/auth/qrqrid/signin?next=${encodeURIComponent(withChannel('/qrchannel/coupon/list'))}`);
    expect(await phone.raw.evaluate(() => document.documentElement.lang)).toBe('en');
    await phone.fill('input[name="email"]', owner.email);
    await phone.fill('input[name="password"]', owner.password);
    await phone.click('button[type="submit"]');
    await phone.waitForUrl(/\/qrchannel\/coupon\/list/);
    await phone.waitForText('ブレンドコーヒー', '[data-testid="coupon-tile"]');
    await phone.waitForText('20% OFF', '[data-testid="coupon-tile"]');
    expect(await phone.horizontalOverflow()).toBeLessThanOrEqual(0);
    await phone.shot('channel-08-coupons');
  });
});
