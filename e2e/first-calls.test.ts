import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, paths } from '@qrqr/shared/paths';
import { SCREEN_PRELOADS_FILE, type ScreenPreloadsFile } from '@qrqr/shared/screen-preloads';
import type { APIRequestContext, Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import { type RunningServer, sharedServer } from './support/server';

/**
 * The first calls the real build declares for each screen (screen-preloads.json, made from
 * apps/web/src/app/screen-first-calls.ts) are calls the screen itself sends: each member's screen
 * is opened inside the app (no first answers to take, nothing cached for it) and must ask every one
 * of them. Fails when a screen's hooks and its declared first calls drift apart, which would leave
 * the server running calls whose answers no screen takes (e2e/first-answers.test.ts checks that
 * the answers in the page are taken). An editor opens on an item where the test has one (a Wi-Fi
 * page), else empty, where calls about the item (`{message_id}`) are not asked.
 */

const build = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/builds/current');

let server: RunningServer;
let browser: Browser;
let context: BrowserContext;
/** Values of the screens' parameters (`{name}` in a first call, `?name=` in the address). */
const items: Record<string, string> = {};

async function post<T>(request: APIRequestContext, address: string, body: unknown): Promise<T> {
  const html = await (await request.get(server.url, { headers: { accept: 'text/html' } })).text();
  const token = html.match(/name="csrf-token" content="([^"]+)"/)?.[1] ?? '';
  const res = await request.post(`${server.url}${address}`, {
    data: body,
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  server = await sharedServer();
  browser = await launchChromium();
  context = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const request = context.request;
  const email = `calls-${Date.now()}@example.jp`;
  await post(request, api.signup, { email });
  const mailbox = (await (await request.get(`${server.url}/dev/mailbox.json`)).json()) as {
    mails: { to_address: string; text_body: string }[];
  };
  const link = mailbox.mails
    .find((m) => m.to_address === email)
    ?.text_body.match(/https?:\/\/\S+activate\?\S+/)?.[0];
  const query = new URL(link ?? 'http://x').searchParams;
  await post(request, api.activate, {
    user_id: query.get('user_id'),
    confirmation_code: query.get('confirmation_code'),
    user_name: 'Calls',
    company_name: '',
    password: 'calls-Password-123',
  });
  const { qrcode } = await post<{ qrcode: { id: string } }>(request, api.qrCreate, {
    tab: 0,
    url: 'https://example.com/poster',
    title: 'ポスター',
    analysis_type: 1,
  });
  items.id = qrcode.id;
  await post(request, api.channelServiceRegister, { terms_accepted: true });
  const { channel } = await post<{ channel: { channel_id: number } }>(request, api.channels, {
    channel_name: 'みどり青果店',
    channel_user_type: 1,
  });
  items.channel_id = String(channel.channel_id);
  const { welcome_page } = await post<{ welcome_page: { welcome_page_id: number } }>(
    request,
    api.wifiPageSave,
    {
      title: 'ようこそ',
      channel_id: channel.channel_id,
      header_type: 1,
      header_text: '無料Wi-Fi',
      free_text: 'ごゆっくりどうぞ。',
      footer_text: 'みどり青果店',
      text_color: '#212121',
      background_color: '#ffffff',
      relation_links: [],
      coupon: null,
    },
  );
  items.welcome_page_id = String(welcome_page.welcome_page_id);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a member's screen and its declared first calls", () => {
  it('asks every call the build declares for it', async () => {
    const preloads = JSON.parse(
      fs.readFileSync(path.join(build, SCREEN_PRELOADS_FILE), 'utf8'),
    ) as ScreenPreloadsFile;
    const screens = preloads.screens.filter((s) => s.memberPaint && s.firstCalls?.length);
    expect(screens.length).toBeGreaterThan(15);
    const fill = (template: string) =>
      template.replace(/\{(\w+)\}/g, (whole, name: string) => items[name] ?? whole);
    // One tab for every screen: each screen opens in a new document (the app's answers are kept in
    // the document's memory, so nothing is cached for it), without a renderer started and stopped
    // for each one.
    const page = await context.newPage();
    let asked: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET' || !['fetch', 'xhr'].includes(request.resourceType())) return;
      const url = new URL(request.url());
      asked.push(url.pathname + url.search);
    });
    for (const screen of screens) {
      // Calls about an item the test has none of (`{message_id}`): not asked by an empty editor.
      const expected = (screen.firstCalls ?? []).map(fill).filter((call) => !call.includes('{'));
      const query = new URLSearchParams({ channel_id: items.channel_id ?? '' });
      for (const [, name] of (screen.firstCalls ?? []).join(' ').matchAll(/\{(\w+)\}/g))
        if (name && name !== 'id' && items[name]) query.set(name, items[name]);
      const address = `${screen.path.replace(':id', items.id ?? '')}?${query}`;
      // The previous screen's document is gone (its calls all reported) before counting starts.
      await page.goto('about:blank');
      asked = [];
      // A page with no first calls, then the screen as a link would open it.
      await page.goto(`${server.url}${paths.serviceTerms}`);
      await page.locator('#app h1').first().waitFor();
      await page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, address);
      await expect
        .poll(() => expected.filter((call) => !asked.includes(call)), {
          timeout: 15_000,
          interval: 200,
          message: address,
        })
        .toEqual([]);
    }
    await page.close();
  }, 300_000);
});
