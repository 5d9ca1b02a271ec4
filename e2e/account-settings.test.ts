import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, linkFromMailbox } from './support/browser';
import type { RunningServer } from './support/server';
import { PHONE, startSession } from './support/session';
import { signUpThroughApi } from './support/sign-up';

/**
 * The member's own settings on a phone: basic info, e-mail change through the mailed link, and
 * unsubscribe, which deletes the account. Each screen is photographed and checked with axe.
 */

const stamp = Date.now();
const firstEmail = `cafe-${stamp}@example.jp`;
const newEmail = `cafe-new-${stamp}@example.jp`;
const password = 'latte2026';

let server: RunningServer;
let page: Page;
let stop: (() => Promise<void>) | undefined;

const check = (name: string) => checkScreen(page, name);

beforeAll(async () => {
  ({ server, page, stop } = await startSession({ viewport: PHONE }));
  // A member to work with, signed up through the API (the sign-up screens have tests of their own).
  await signUpThroughApi(page, server.url, { email: firstEmail, userName: 'カフェ', password });
});

afterAll(() => stop?.());

describe('member settings', () => {
  it('renames the member in basic info and the header follows', async () => {
    await page.goto(`${server.url}/auth/qrqrid/userinfo`);
    await page.waitForSelector('input[name="user_name"]');
    await page.fill('input[name="user_name"]', '喫茶さくら本店');
    await page.fill('input[name="company_name"]', '株式会社さくら');
    await page.click('button[type="submit"]');
    await expect.poll(() => page.getByTestId('account-menu').textContent()).toContain('喫茶さくら本店');
    await page.reload();
    expect(await page.inputValue('input[name="company_name"]')).toBe('株式会社さくら');
    await check('20-userinfo-saved-phone');
  });

  it('changes the login address through the link mailed to the new address', async () => {
    await page.goto(`${server.url}/auth/qrqrid/change/email/request`);
    await page.waitForSelector('input[name="new_email"]');
    await check('21-change-email-request-phone');
    await page.fill('input[name="new_email"]', firstEmail);
    await page.click('button[type="submit"]');
    await expect.poll(() => page.getByText('現在と同じメールアドレスです').first().isVisible()).toBe(true);
    await page.fill('input[name="new_email"]', newEmail);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/auth/qrqrid/change/email/sent');
    await check('22-change-email-sent-phone');
    const link = await linkFromMailbox(page, server.url, '/auth/qrqrid/change/email/verify?');
    await page.goto(link);
    await page.waitForURL('**/auth/qrqrid/change/email/complete');
    await expect.poll(() => page.getByText(newEmail).first().isVisible()).toBe(true);
    await check('23-change-email-complete-phone');
    // Used once: opening it again shows the wrong-link text.
    await page.goto(link);
    await expect.poll(() => page.getByText('リンクが正しくありません').first().isVisible()).toBe(true);
    await check('24-change-email-link-used-phone');
  });

  it('unsubscribes after the password, the tick and the final confirmation', async () => {
    await page.goto(`${server.url}/auth/qrqrid/unsubscribe`);
    await page.waitForSelector('input[name="password"]');
    await check('25-unsubscribe-phone');
    await page.fill('input[name="password"]', password);
    await page.click('button[type="submit"]');
    // Without the tick nothing happens but a message.
    expect(await page.getByTestId('confirm-ok').count()).toBe(0);
    await page.getByRole('checkbox').check();
    await page.click('button[type="submit"]');
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL('**/auth/qrqrid/unsubscribe/complete');
    await check('26-unsubscribe-complete-phone');
  });

  it('no longer signs in with either address', async () => {
    for (const email of [firstEmail, newEmail]) {
      await page.goto(`${server.url}/auth/qrqrid/signin`);
      await page.fill('input[name="email"]', email);
      await page.fill('input[name="password"]', password);
      await page.click('button[type="submit"]');
      await expect.poll(() => page.getByText('E-101').first().isVisible()).toBe(true);
    }
  });
});
