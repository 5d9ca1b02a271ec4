import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takenOver } from './support/browser';
import type { RunningServer } from './support/server';
import { type Session, startSession } from './support/session';
import { signUpThroughApi } from './support/sign-up';

/**
 * An operator's QR_CHANNEL_REGISTER_URL (a page parameter) is where every way into the channel
 * service leads before the member has registered: the header, the top page's channel tab and
 * member box, and a channel screen opened directly.
 */

const LANDING = 'https://lp.example.test/channel?ref=qrqr';
let session: Session;
let server: RunningServer;
let page: Page;
const url = (path: string) => `${server.url}${path}`;

beforeAll(async () => {
  session = await startSession({}, { QR_CHANNEL_REGISTER_URL: LANDING });
  ({ server, page } = session);
  // The configured page is another site: the browser gets a stand-in instead of the network.
  await page.route('https://lp.example.test/**', (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<h1>channel landing page</h1>' }),
  );
});

afterAll(() => session?.stop());

describe('the configured channel registration address', () => {
  it('is where the header and the channel tab lead a guest', async () => {
    await page.goto(url('/'));
    // A tab answers once the app has the painted page (a tap before that does nothing).
    await page.getByTestId('create-panel').waitFor();
    await takenOver(page);
    const header = page.getByRole('banner').getByRole('link', { name: 'チャネル', exact: true });
    expect(await header.getAttribute('href')).toBe(LANDING);
    await page.getByTestId('tab-channel').click();
    expect(await page.getByTestId('channel-go').getAttribute('href')).toBe(LANDING);
  });

  it('is where the member box and a channel screen send a member who has not registered', async () => {
    await signUpThroughApi(page, server.url, {
      email: `register-url-${Date.now()}@example.jp`,
      userName: '店主',
      password: 'register2026',
    });
    await page.goto(url('/'));
    const memberBox = page.getByTestId('member-box');
    await memberBox.waitFor();
    expect(await memberBox.getByRole('link', { name: 'チャネルサービスへ' }).getAttribute('href')).toBe(
      LANDING,
    );

    await page.goto(url('/qrchannel/message/list'));
    await page.waitForURL(LANDING);
    await page.getByText('channel landing page').waitFor();
  });
});
