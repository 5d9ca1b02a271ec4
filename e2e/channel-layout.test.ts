import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall } from './support/api-call';
import { checkScreen, screenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { DESKTOP, PHONE, startSession } from './support/session';
import { signUpFromScreen } from './support/sign-up';

/**
 * The channel area's layout: sidebar, switcher with its confirmations, the phone panels and
 * view_mode=pc, in Japanese and English, photographed at 375 px and on desktop.
 */

const stamp = Date.now();
const password = 'channel2026';

let server: RunningServer;
let page: Page;
let stop: (() => Promise<void>) | undefined;
const channelIds: number[] = [];

const url = (path: string) => `${server.url}${path}`;
const channelQuery = () => new URL(page.url()).searchParams.get('channel_id');

beforeAll(async () => {
  ({ server, page, stop } = await startSession());
  await page.goto(url('/auth/qrqrid/signup'));
  await signUpFromScreen(page, server.url, { email: `shop-${stamp}@example.jp`, userName: '花屋', password });
  await page.goto(url('/'));
  await apiCall(page, 'POST', '/api/qrchannel/service/register', { terms_accepted: true });
  for (const name of ['さくら花店', 'さくら花店 駅前店']) {
    const answer = await apiCall<{ channel: { channel_id: number } }>(
      page,
      'POST',
      '/api/qrchannel/channel',
      {
        channel_name: name,
        channel_user_type: 1,
      },
    );
    channelIds.push(answer.channel.channel_id);
  }
});

afterAll(() => stop?.());

describe('channel layout', () => {
  it('opens the first channel, names it in the URL and shows every sidebar item', async () => {
    await page.goto(url('/qrchannel/message/list'));
    await page.getByTestId('channel-coming-soon').waitFor();
    expect(channelQuery()).toBe(String(channelIds[0]));
    for (const key of [
      'messages',
      'welcome',
      'coupons',
      'sendlists',
      'tags',
      'settings',
      'wifi',
      'top',
      'about',
    ]) {
      expect(await page.getByTestId(`sidebar-${key}`).isVisible(), key).toBe(true);
    }
    expect(await page.getByTestId('service-logo').getAttribute('data-logo-type')).toBe('1');
    await checkScreen(page, '60-channel-layout-desktop-ja');
  });

  it('switches channel at once without guards and reloads the message list', async () => {
    await page.goto(url(`/qrchannel/tag/list?channel_id=${channelIds[0]}`));
    await page.getByTestId('channel-coming-soon').waitFor();
    await page.getByTestId('channel-switcher').selectOption(String(channelIds[1]));
    await page.waitForURL(`**/qrchannel/message/list?channel_id=${channelIds[1]}`);
  });

  it('opens the analytics submenu and the CSV dialog with its date rule', async () => {
    await page.getByTestId('sidebar-analytics').click();
    await page.getByTestId('sidebar-csv').click();
    await page.getByTestId('csv-download').waitFor();
    await screenshot(page, '61-csv-dialog-desktop-ja', { fullPage: false });
  });

  it('shows the Wi-Fi logo on Wi-Fi pages', async () => {
    await page.goto(url('/qrwifi/welcomepage/list'));
    await page.getByTestId('channel-coming-soon').waitFor();
    expect(await page.getByTestId('service-logo').getAttribute('data-logo-type')).toBe('2');
  });

  it('opens one panel at a time at 375 px', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(url('/qrchannel/message/list'));
    await page.getByTestId('nav-burger').click();
    await page.getByTestId('sidebar-tags').waitFor();
    await screenshot(page, '62-channel-nav-panel-phone-ja');
    await page.getByTestId('channel-info-button').click();
    expect(await page.getByTestId('sidebar-tags').isVisible()).toBe(false);
    await screenshot(page, '63-channel-info-panel-phone-ja');
    await page.getByTestId('view-mode-pc').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('view_mode')).toBe('pc');
    await page.getByTestId('sidebar-tags').waitFor();
    await screenshot(page, '64-channel-pc-view-phone-ja');
    await page.setViewportSize(DESKTOP);
  });
});
