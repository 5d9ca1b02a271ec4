import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE } from '../engine';
import { type Flow, type FlowPage, startFlow } from '../flow';

/**
 * The frequency cap in every engine, on a phone in Japanese: the settings screen's switch turns
 * the number box on (3 offered), a number out of 1–10 is refused under the field, 1 is saved; a
 * second message that day is then not delivered to the channel's one follower, and channel
 * analytics' message card and the message list count it 「上限により未配信」. The messages are
 * written and sent through the API, as messages.flow.ts does.
 */

let flow: Flow;
let page: FlowPage;
let channelId = 0;
let channelCode = '';
let firstId = 0;
let cappedId = 0;

const withChannel = (p: string) => `${p}?channel_id=${channelId}`;

beforeAll(async () => {
  flow = await startFlow();
  page = await flow.open('ja-phone', { viewport: PHONE, locale: 'ja-JP' });
  await page.signUp({ email: `cap-${Date.now()}@example.jp`, userName: '店主', password: 'capflow2026' });
  await page.goto('/');
  await page.api('POST', '/api/qrchannel/service/register', { terms_accepted: true });
  const { channel } = await page.api<{ channel: { channel_id: number; channel_code: string } }>(
    'POST',
    '/api/qrchannel/channel',
    { channel_name: '珈琲こもれび', channel_user_type: 1 },
  );
  channelId = channel.channel_id;
  channelCode = channel.channel_code;
  // One follower, from a phone of their own (a request without the operator's cookie).
  const res = await fetch(`${flow.server.url}/api/reader/channel/${channelCode}/follow`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: '{}',
  });
  expect(res.status).toBe(200);
});
afterAll(() => flow?.stop());

/** A text message reserved with no date, and its figures once the scheduler has sent it. */
async function sendNow(pushText: string): Promise<{ id: number; delivered: number | null }> {
  const saved = await page.api<{ message: { message_id: number } }>(
    'POST',
    `/api/qrchannel/${channelId}/message`,
    { layout: 1, push_text: pushText, detail_title: pushText },
  );
  const id = saved.message.message_id;
  expect(id).toBeGreaterThan(0);
  await page.api('POST', `/api/qrchannel/${channelId}/message/notify`, { message_id: id });
  const read = () =>
    page.api<{ message: { status: number; delivered_count: number | null } }>(
      'GET',
      `/api/qrchannel/${channelId}/message/${id}`,
    );
  await expect.poll(async () => (await read()).message.status, { timeout: 45_000, interval: 500 }).toBe(2);
  return { id, delivered: (await read()).message.delivered_count };
}

describe('the frequency cap (ja, phone)', () => {
  it('turns the cap on in the settings, refuses 11 under the field and saves 1', async () => {
    firstId = (await sendNow('今週末はブレンドが100円引き')).id;
    await page.goto(withChannel('/qrchannel/channel/update'));
    await page.waitFor('[data-testid="channel-settings"]');
    const box = '[data-testid="channel-frequency-cap"]';
    expect(await page.raw.evaluate((s) => document.querySelector<HTMLInputElement>(s)?.disabled, box)).toBe(
      true,
    );
    await page.clickText('1人に届けるメッセージの数に上限を設ける', 'label');
    await page.waitUntil(
      'the box on, 3 offered',
      (s) => {
        const input = document.querySelector<HTMLInputElement>(s);
        return input && !input.disabled && input.value === '3';
      },
      box,
    );
    await page.fill(box, '11');
    await page.clickText('保存する', 'button');
    await page.waitForText('1日に届ける上限は1〜10通で指定してください');
    expect(await page.horizontalOverflow()).toBeLessThanOrEqual(0);
    await page.shot('frequency-cap-01-refused');
    await page.fill(box, '1');
    await page.clickText('保存する', 'button');
    await page.waitForText('チャネルの設定を保存しました');
    const saved = await page.api<{ channel: { frequency_cap: number } }>(
      'GET',
      `/api/qrchannel/channel/${channelId}`,
    );
    expect(saved.channel.frequency_cap).toBe(1);
    await page.shot('frequency-cap-02-saved');
  });

  it('leaves the second message of the day undelivered and counts it in analytics', async () => {
    const capped = await sendNow('本日二通目のお知らせ');
    cappedId = capped.id;
    expect(capped.delivered).toBe(0);
    await page.goto(withChannel('/qrchannel/analytics'));
    const card = `[data-message-card="message-${cappedId}"]`;
    await page.waitFor(card);
    await page.waitFor(`[data-message-card="message-${firstId}"]`);
    await page.waitForText('上限により未配信', card);
    expect(
      await page.raw.evaluate(
        (s) => document.querySelector(`${s} [data-figure="capped"]`)?.getAttribute('data-count'),
        card,
      ),
    ).toBe('1');
    expect(
      await page.raw.evaluate(
        (id) =>
          document
            .querySelector(`[data-message-card="message-${id}"] [data-figure="capped"]`)
            ?.getAttribute('data-count'),
        firstId,
      ),
    ).toBe('0');
    // The chart's lazy chunk drawn, so the photo shows the whole screen.
    await page.waitFor('[data-testid="channel-chart"]');
    expect(await page.horizontalOverflow()).toBeLessThanOrEqual(0);
    await page.shot('frequency-cap-03-analytics');
  });

  it('shows the capped count on the message list, on the capped message only', async () => {
    await page.goto(withChannel('/qrchannel/message/list'));
    await page.waitForText('上限により未配信 1人', '[data-testid="message-row-capped"]');
    // Read without the zero-width spaces the app marks phrases with where an engine has no `auto-phrase`.
    const lines = await page.raw.evaluate(() => {
      const read = (e: Element | null) => e?.textContent?.replaceAll('\u200b', '') ?? null;
      return Array.from(document.querySelectorAll('[data-testid="message-row"]')).map((row) => ({
        text: read(row.querySelector('[data-testid="message-row-text"]')),
        capped: read(row.querySelector('[data-testid="message-row-capped"]')),
      }));
    });
    expect(lines).toEqual([
      { text: '本日二通目のお知らせ', capped: '上限により未配信 1人' },
      { text: '今週末はブレンドが100円引き', capped: null },
    ]);
    expect(await page.horizontalOverflow()).toBeLessThanOrEqual(0);
    await page.shot('frequency-cap-04-message-list');
  });
});
