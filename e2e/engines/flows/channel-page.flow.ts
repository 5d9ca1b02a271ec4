import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../engine';
import { type Flow, type FlowPage, startFlow } from '../flow';

/**
 * The public channel page (/c/{code}) a customer opens from a printed code, in every engine:
 * follow and unfollow on a phone in Japanese (remembered across a reload), the page in English on
 * a computer, and the page of a channel that does not exist.
 */

let flow: Flow;
let channelCode = '';

beforeAll(async () => {
  flow = await startFlow();
  // The operator's channel, made through the API (the channel flow covers its screens).
  const operator = await flow.open('operator', { viewport: DESKTOP, locale: 'ja-JP' });
  await operator.signUp({
    email: `page-${Date.now()}@example.jp`,
    userName: '店主',
    password: 'channel2026',
  });
  await operator.goto('/');
  await operator.api('POST', '/api/qrchannel/service/register', { terms_accepted: true });
  const { channel } = await operator.api<{ channel: { channel_id: number; channel_code: string } }>(
    'POST',
    '/api/qrchannel/channel',
    { channel_name: '喫茶こもれび', channel_user_type: 2 },
  );
  channelCode = channel.channel_code;
  await operator.close();
});
afterAll(() => flow?.stop());

const followers = (page: FlowPage) => page.text('[data-testid="follower-count"]');

describe('a customer on a phone (ja)', () => {
  let page: FlowPage;
  it('follows the channel, and the page remembers it', async () => {
    page = await flow.open('ja-phone', { viewport: PHONE, locale: 'ja-JP' });
    await page.goto(`/c/${channelCode}`);
    await page.waitForText('喫茶こもれび', 'h1');
    expect(await followers(page)).toBe('フォロワー 0 人');
    await page.shot('page-01-channel');
    await page.click('[data-testid="follow"]');
    await page.waitUntil('one follower', () => {
      const count = document.querySelector('[data-testid="follower-count"]')?.textContent ?? '';
      return normalize(count) === 'フォロワー 1 人';
    });
    expect(
      await page.raw.evaluate(() =>
        document.querySelector('[data-testid="follow"]')?.getAttribute('aria-pressed'),
      ),
    ).toBe('true');
    await page.shot('page-02-following');
    await page.goto(`/c/${channelCode}`);
    await page.waitForText('フォロー中', '[data-testid="follow"]');
  });

  it('unfollows it', async () => {
    // One step away: 「フォロー中」 shows 「フォローをやめる」.
    await page.click('[data-testid="follow"]');
    await page.waitForText('フォローをやめる', '[data-testid="unfollow"]');
    await page.click('[data-testid="unfollow"]');
    await page.waitUntil('no follower', () => {
      const count = document.querySelector('[data-testid="follower-count"]')?.textContent ?? '';
      return normalize(count) === 'フォロワー 0 人';
    });
    expect(await page.horizontalOverflow()).toBeLessThanOrEqual(0);
  });
});

describe('a visitor on a computer (en)', () => {
  it('sees the page in English, and says when a channel does not exist', async () => {
    const page = await flow.open('en-desktop', { viewport: DESKTOP, locale: 'en-US' });
    await page.goto(`/c/${channelCode}`);
    await page.waitForText('Follow', '[data-testid="follow"]');
    await page.shot('page-03-channel');
    page.expectFailedLoad(404, /\/c\/AAAAAAAAAAAAAAAA$/);
    page.expectFailedLoad(404, /\/api\/reader\/channel\/AAAAAAAAAAAAAAAA$/);
    await page.goto('/c/AAAAAAAAAAAAAAAA');
    await page.waitFor('[data-testid="channel-missing"]');
    await page.shot('page-04-missing');
  });
});
