import type { ChannelDto } from '@qrqr/shared/channel-schemas';
import { api } from '@qrqr/shared/paths';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, launchChromium } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { DESKTOP, PHONE } from './support/session';
import { signUpThroughApi } from './support/sign-up';

/**
 * A channel page visitor whose network has used the day's follows of that channel
 * (FOLLOWS_PER_CHANNEL_PER_DAY, here 1) is told so, in Japanese and in English, instead of a
 * "try again" that cannot help. Screenshots: e2e/artifacts/reader-follow-limit-*.
 */

let server: RunningServer;
let browser: Browser;
let channel: ChannelDto;

beforeAll(async () => {
  server = await startServer({ FOLLOWS_PER_CHANNEL_PER_DAY: '1' });
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'ja-JP' });
  const page = await context.newPage();
  await signUpThroughApi(page, server.url, {
    email: `follow-limit-${Date.now()}@example.jp`,
    userName: 'こもれび店主',
    password: 'Secret123',
  });
  const token = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'x-requested-with': 'XMLHttpRequest', 'x-xsrf-token': token };
  const post = (url: string, data: unknown) => page.request.post(`${server.url}${url}`, { data, headers });
  expect((await post(api.channelServiceRegister, { terms_accepted: true })).ok()).toBe(true);
  const created = await post(api.channels, { channel_name: '喫茶こもれび', channel_user_type: 2 });
  expect(created.ok(), await created.text()).toBe(true);
  channel = ((await created.json()) as { channel: ChannelDto }).channel;
  await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the channel page over the day’s follows', () => {
  it('the first phone follows; the next one from the same network is told the limit (ja, 375 px)', async () => {
    const first = await (await browser.newContext({ viewport: PHONE, locale: 'ja-JP' })).newPage();
    await first.goto(`${server.url}/c/${channel.channel_code}`);
    await first.click('[data-testid="follow"]');
    await expect
      .poll(() => first.locator('[data-testid="follow"]').getAttribute('aria-pressed'))
      .toBe('true');

    const next = await (await browser.newContext({ viewport: PHONE, locale: 'ja-JP' })).newPage();
    await next.goto(`${server.url}/c/${channel.channel_code}`);
    await next.click('[data-testid="follow"]');
    const alert = next.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe(
        'このネットワークからこのチャネルへのフォローが1日の上限に達しました。時間をおいてもう一度お試しください。',
      );
    expect(await next.locator('[data-testid="follow"]').getAttribute('aria-pressed')).toBe('false');
    expect(await next.locator('[data-testid="follower-count"]').textContent()).toBe('フォロワー 1 人');
    await checkScreen(next, 'reader-follow-limit-ja-375');
  });

  it('says it in English on a desktop', async () => {
    const page = await (await browser.newContext({ viewport: DESKTOP, locale: 'en-US' })).newPage();
    await page.goto(`${server.url}/c/${channel.channel_code}`);
    await page.getByRole('button', { name: 'Follow' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(
        'Follows of this channel from this network have reached the daily limit. Please try again later.',
      );
    await checkScreen(page, 'reader-follow-limit-en-desktop');
  });
});
