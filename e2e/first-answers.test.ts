import { channelPath } from '@qrqr/shared/channel-paths';
import { api, paths, qrAnalyticsPath } from '@qrqr/shared/paths';
import type { APIRequestContext, Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/browser';
import type { StorageState } from './support/page-weight';
import { paintOnPhone } from './support/phone-paint';
import { type RunningServer, startServer } from './support/server';

/**
 * A member's screen does not wait for its scripts to ask for its data: the page
 * of the real build carries the answers of the screen's first calls (app/screen-first-calls.ts), and
 * the app, once booted, takes them instead of asking. Fails when a declared address drifts
 * from what the screen sends, or when the app stops taking the answers.
 */

const FAST = { cpuSlowdown: 1, latencyMs: 0, downBytesPerSecond: 10_000_000, upBytesPerSecond: 10_000_000 };

let server: RunningServer;
let browser: Browser;
let state: StorageState;
let codeId: string;
let channelId: number;

async function post<T>(request: APIRequestContext, path: string, body: unknown): Promise<T> {
  const html = await (await request.get(server.url, { headers: { accept: 'text/html' } })).text();
  const token = html.match(/name="csrf-token" content="([^"]+)"/)?.[1] ?? '';
  const res = await request.post(`${server.url}${path}`, {
    data: body,
    headers: { 'x-csrf-token': token, 'x-requested-with': 'XMLHttpRequest' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchChromium();
  const context = await browser.newContext();
  const request = context.request;
  const email = `answers-${Date.now()}@example.jp`;
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
    user_name: 'Answers',
    company_name: '',
    password: 'answers-Password-123',
  });
  const { qrcode } = await post<{ qrcode: { id: string } }>(request, api.qrCreate, {
    tab: 0,
    url: 'https://example.com/poster',
    title: '</script>ポスター\u2028',
    analysis_type: 1,
  });
  codeId = qrcode.id;
  await post(request, api.channelServiceRegister, { terms_accepted: true });
  const { channel } = await post<{ channel: { channel_id: number } }>(request, api.channels, {
    channel_name: 'みどり青果店',
    channel_user_type: 1,
  });
  channelId = channel.channel_id;
  state = await context.storageState();
  await context.close();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("a member's first answers in the page", () => {
  const cases = () =>
    [
      [paths.qrList, '[data-testid="code-row"]', [`${api.qrListData}?page=1`]],
      [qrAnalyticsPath(codeId), '[data-testid="readlog-figures"]', [`${api.analyticsData}${codeId}/`]],
      [
        `${paths.channelTagList}?channel_id=${channelId}`,
        '[data-testid="tag-list-page"]',
        [api.channels, channelPath.tags(channelId)],
      ],
      [
        `${paths.channelCouponList}?channel_id=${channelId}`,
        '[data-testid="coupon-list-page"]',
        [api.channels, `${channelPath.coupons(channelId)}?page=1`],
      ],
    ] as const;

  it('are in the page and taken by the app, which asks none of them again', async () => {
    for (const [path, ready, carried] of cases()) {
      const cookie = state.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      const html = await (
        await fetch(`${server.url}${path}`, { headers: { accept: 'text/html', cookie } })
      ).text();
      const script = html.match(/<script id="first-answers" type="application\/json">(.*?)<\/script>/s)?.[1];
      expect(script, path).toBeDefined();
      expect(Object.keys(JSON.parse(script ?? '{}')), path).toEqual(expect.arrayContaining([...carried]));
      const paint = await paintOnPhone(browser, `${server.url}${path}`, ready, state, FAST);
      const asked = paint.calls.map((c) => c.url);
      expect(
        asked.filter((url) => (carried as readonly string[]).includes(url)),
        path,
      ).toEqual([]);
    }
  }, 180_000);
});
