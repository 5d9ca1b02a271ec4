import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreen, linkFromMailbox } from './support/browser';
import type { RunningServer } from './support/server';
import { startSession } from './support/session';

/**
 * The account flow a new shop owner goes through, in Japanese, in real Chromium against the real
 * server: sign-up → mailed link → activate → sign in → change password → sign out → reset → sign in.
 * Every screen is photographed (e2e/artifacts/) and checked with axe.
 */

const email = `owner-${Date.now()}@example.jp`;
const userName = '山田太郎のお花屋さん';
const firstPassword = 'hana2026';
const secondPassword = 'sakura2027';
const thirdPassword = 'momiji2028';

let server: RunningServer;
let context: BrowserContext;
let page: Page;
let stop: (() => Promise<void>) | undefined;

const check = (name: string) => checkScreen(page, name);

beforeAll(async () => {
  ({ server, context, page, stop } = await startSession());
});

afterAll(() => stop?.());

describe('account flow in Japanese', () => {
  it('shows the top page in Japanese to a guest', async () => {
    await page.goto(server.url);
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe('ja');
    await expect.poll(() => page.getByRole('link', { name: 'ログイン' }).first().isVisible()).toBe(true);
    await check('01-top-guest');
  });

  it('signs up and receives the activation mail', async () => {
    await page.goto(`${server.url}/auth/qrqrid/signup`);
    await check('02-signup');
    await page.fill('input[name="email"]', 'not-an-address');
    await page.click('button[type="submit"]');
    await expect
      .poll(() => page.getByText('メールアドレスが正しくありません').first().isVisible())
      .toBe(true);
    await page.fill('input[name="email"]', email);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/auth/qrqrid/signup/sent');
    await check('03-signup-sent');
  });

  it('activates through the mailed link', async () => {
    const link = await linkFromMailbox(page, server.url, '/auth/qrqrid/activate?');
    await page.goto(link);
    await page.waitForSelector('input[name="user_name"]');
    await check('04-activate');
    await page.fill('input[name="user_name"]', userName);
    await page.fill('input[name="company_name"]', '株式会社ハナ');
    await page.fill('input[name="password"]', firstPassword);
    await page.fill('input[name="password_confirmation"]', 'different1');
    await page.click('button[type="submit"]');
    await expect.poll(() => page.getByText('パスワードが一致しません').first().isVisible()).toBe(true);
    await page.fill('input[name="password_confirmation"]', firstPassword);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/auth/qrqrid/activate/complete');
    await check('05-activate-complete');
  });

  it('signs in with the new account and shows the name cut to 7 characters', async () => {
    await context.clearCookies();
    await page.goto(`${server.url}/auth/qrqrid/signin`);
    await check('06-signin');
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', 'wrongpass');
    await page.click('button[type="submit"]');
    await expect.poll(() => page.getByText('E-101').first().isVisible()).toBe(true);
    await page.fill('input[name="password"]', firstPassword);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${server.url}/`);
    const menu = page.getByTestId('account-menu');
    await expect.poll(() => menu.textContent()).toContain('山田太郎のお花…');
    await check('07-top-member');
  });

  it('changes the password', async () => {
    await page.goto(`${server.url}/auth/qrqrid/change/password`);
    await page.waitForSelector('input[name="current_password"]');
    await check('08-change-password');
    await page.fill('input[name="current_password"]', firstPassword);
    await page.fill('input[name="new_password"]', secondPassword);
    await page.fill('input[name="password_confirmation"]', secondPassword);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/auth/qrqrid/change/password/complete');
    await check('09-change-password-complete');
  });

  it('signs out from the account menu and returns to the top page', async () => {
    await page.getByTestId('account-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByRole('link', { name: 'ログイン' }).first().isVisible()).toBe(true);
    expect(await page.getByTestId('account-menu').count()).toBe(0);
  });

  it('resets the forgotten password through the mailed link', async () => {
    await page.goto(`${server.url}/auth/qrqrid/forgot/password/request`);
    await check('10-forgot-request');
    await page.fill('input[name="email"]', email);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/auth/qrqrid/forgot/password/sent');
    await check('11-forgot-sent');
    const link = await linkFromMailbox(page, server.url, '/auth/qrqrid/forgot/password/reset?');
    await page.goto(link);
    await page.waitForSelector('input[name="new_password"]');
    await check('12-forgot-reset');
    await page.fill('input[name="new_password"]', thirdPassword);
    await page.fill('input[name="password_confirmation"]', thirdPassword);
    await page.click('button[type="submit"]');
    await page.waitForURL('**/auth/qrqrid/forgot/password/complete');
    await check('13-forgot-complete');
    // The link works once.
    await page.goto(link);
    await expect
      .poll(() => page.getByText('正しいリンクがクリックされなかったようです').first().isVisible())
      .toBe(true);
  });

  it('signs in with the reset password', async () => {
    await page.goto(`${server.url}/auth/qrqrid/signin`);
    await page.fill('input[name="email"]', email);
    await page.fill('input[name="password"]', thirdPassword);
    await page.click('button[type="submit"]');
    await page.waitForURL(`${server.url}/`);
    await expect.poll(() => page.getByTestId('account-menu').isVisible()).toBe(true);
  });

  it('fits a 375 px phone and shows the 404 page for an unknown address', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${server.url}/auth/qrqrid/userinfo`);
    await page.waitForSelector('input[name="user_name"]');
    await check('14-userinfo-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const res = await page.goto(`${server.url}/no/such/page`);
    expect(res?.status()).toBe(404);
    await check('15-not-found-phone');
  });
});
