import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen } from './support/browser';
import type { RunningServer } from './support/server';
import { PHONE, startSession } from './support/session';

/**
 * After five failed sign-ins of one address, the sign-in form says the address is paused and to
 * wait (E-109), in Japanese and in English; photographed on a phone.
 */

let server: RunningServer;
let page: Page;
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ server, page, stop } = await startSession({ viewport: PHONE }));
});

afterAll(() => stop?.());

async function failSignIn(email: string, code: string) {
  await page.fill('input[name="email"]', email);
  await page.fill('input[name="password"]', 'wrongpass1');
  await page.click('button[type="submit"]');
  await expect.poll(() => page.getByText(code).first().isVisible()).toBe(true);
}

describe('sign-in lock', () => {
  it('tells the reader to wait after five failures', async () => {
    const email = `locked-${Date.now()}@example.jp`;
    await page.goto(`${server.url}/auth/qrqrid/signin`);
    for (let i = 0; i < 4; i++) await failSignIn(email, 'E-101');
    await failSignIn(email, 'E-109');
    await expect
      .poll(() => page.getByText('ログインを一時的に止めています。しばらく待ってから').first().isVisible())
      .toBe(true);
    await checkScreen(page, 'signin-locked-ja-375');
  });

  it('says it in English too', async () => {
    const email = `locked-en-${Date.now()}@example.jp`;
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/auth/qrqrid/signin`);
    for (let i = 0; i < 4; i++) await failSignIn(email, 'E-101');
    await failSignIn(email, 'E-109');
    await expect
      .poll(() => page.getByText('Log-in with this email address is paused').first().isVisible())
      .toBe(true);
    await checkScreen(page, 'signin-locked-en-desktop');
  });
});
